import { safeSearchSchema } from "@tessera/contracts";
import { Switch } from "radix-ui";
import { useId } from "react";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import type { SearchOptions } from "../hooks/use-search-thread";
import { OptionField, OptionsRow } from "./option-field";
import { SearchTypeSelect } from "./search-type-select";

const SAFE_SEARCH_LABELS = { off: "Off", moderate: "Moderate", strict: "Strict" } as const;

/**
 * Safe search (default moderate), the AI overview switch and, where this server has a web search
 * provider, where to search; fixed while a search runs.
 */
export function SearchOptionsBar({
  options,
  onChange,
  webSearch,
  disabled,
}: {
  options: Required<SearchOptions>;
  onChange: (options: Required<SearchOptions>) => void;
  webSearch: boolean;
  disabled: boolean;
}) {
  const overviewId = useId();
  return (
    <OptionsRow>
      <OptionField label="Safe search">
        {(id) => (
          <Select
            value={options.safe_search}
            onValueChange={(value) => onChange({ ...options, safe_search: safeSearchSchema.parse(value) })}
            disabled={disabled}
          >
            <SelectTrigger id={id} className="h-8 w-32 text-sm">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {safeSearchSchema.options.map((level) => (
                <SelectItem key={level} value={level}>
                  {SAFE_SEARCH_LABELS[level]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        )}
      </OptionField>
      <div className="flex items-center gap-2">
        <Switch.Root
          id={overviewId}
          checked={options.ai_overview}
          onCheckedChange={(checked) => onChange({ ...options, ai_overview: checked })}
          disabled={disabled}
          className="relative inline-flex h-5 w-9 shrink-0 cursor-pointer items-center rounded-full border border-transparent bg-input shadow-xs transition-colors outline-none focus-visible:ring-[3px] focus-visible:ring-ring/40 disabled:cursor-not-allowed disabled:opacity-60 data-[state=checked]:bg-primary"
        >
          <Switch.Thumb className="pointer-events-none block size-4 rounded-full bg-background shadow-sm transition-transform data-[state=checked]:translate-x-4 data-[state=unchecked]:translate-x-0.5" />
        </Switch.Root>
        <label htmlFor={overviewId} className="cursor-pointer text-muted-foreground">
          AI overview
        </label>
      </div>
      {webSearch ? (
        <SearchTypeSelect
          value={options.search_type}
          onChange={(search_type) => onChange({ ...options, search_type })}
          disabled={disabled}
        />
      ) : null}
    </OptionsRow>
  );
}
