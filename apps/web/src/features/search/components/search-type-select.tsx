// Where a search looks, offered where this server has a web search provider: the web through it, or
// only the workspace's own index.
import { SEARCH_TYPES, type SearchType } from "@tessera/contracts";
import { useTranslation } from "react-i18next";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { OptionField } from "./option-field";

export function SearchTypeSelect({
  value,
  onChange,
  disabled,
}: {
  value: SearchType;
  onChange: (value: SearchType) => void;
  disabled: boolean;
}) {
  const { t } = useTranslation("search");
  return (
    <OptionField label={t("options.searchIn")}>
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
              <SelectItem key={type} value={type} hint={t(`options.types.${type}.hint`)}>
                {t(`options.types.${type}.label`)}
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
  const { t } = useTranslation("search");
  return <p className="text-xs text-muted-foreground">{t("options.workspaceOnly")}</p>;
}
