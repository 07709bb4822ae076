// Where a search looks, offered where this server has a web search provider: the web through it, or
// only the workspace's own index.
import { SEARCH_TYPES, type SearchType } from "@tessera/contracts";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { OptionField } from "./option-field";

const SEARCH_TYPE_TEXT: Record<SearchType, { label: string; hint: string }> = {
  web: { label: "The web", hint: "Through this server's search provider." },
  workspace: {
    label: "My workspace",
    hint: "Your documents, the Tessera help and pages earlier searches found. Nothing leaves the server.",
  },
};

export function SearchTypeSelect({
  value,
  onChange,
  disabled,
}: {
  value: SearchType;
  onChange: (value: SearchType) => void;
  disabled: boolean;
}) {
  return (
    <OptionField label="Search in">
      {(id) => (
        <Select
          value={value}
          onValueChange={(next) => onChange(next === "workspace" ? "workspace" : "web")}
          disabled={disabled}
        >
          <SelectTrigger id={id} className="h-8 w-40 text-sm">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {SEARCH_TYPES.map((type) => (
              <SelectItem key={type} value={type} hint={SEARCH_TYPE_TEXT[type].hint}>
                {SEARCH_TYPE_TEXT[type].label}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      )}
    </OptionField>
  );
}

/** Said instead of the choice where there is none: every search reads the workspace. */
export function WorkspaceOnlyNote() {
  return <p className="text-xs text-muted-foreground">Searches your workspace: no web search is set up.</p>;
}
