import { safeSearchSchema } from "@tessera/contracts";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Switch } from "@/components/ui/switch";
import type { SearchOptions } from "../hooks/use-search-thread";
import { OptionField, OptionsRow } from "./option-field";
import { SearchTypeSelect } from "./search-type-select";

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
  const { t } = useTranslation("search");
  const overviewId = useId();
  return (
    <OptionsRow>
      <OptionField label={t("options.safeSearch")}>
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
                  {t(`options.safeSearchLevels.${level}`)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        )}
      </OptionField>
      <div className="flex items-center gap-2">
        <Switch
          id={overviewId}
          checked={options.ai_overview}
          onCheckedChange={(checked) => onChange({ ...options, ai_overview: checked })}
          disabled={disabled}
          className="cursor-pointer"
        />
        <label htmlFor={overviewId} className="cursor-pointer text-muted-foreground">
          {t("options.aiOverview")}
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
