// The simple search's two choices: the model that writes the answer (the server's own by default) and,
// where this server has a web search provider, whether to search the web or only the workspace.
import { AI_SEARCH_TYPES, type AiSearchType } from "@tessera/contracts";
import { useId } from "react";
import { ModelSelect } from "@/components/model-select";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { useModels } from "@/lib/models-query";

const SEARCH_TYPES: Record<AiSearchType, { label: string; hint: string }> = {
  web: { label: "The web", hint: "Through this server's search provider." },
  workspace: {
    label: "My workspace",
    hint: "Your documents, the Tessera help and pages earlier searches found. Nothing leaves the server.",
  },
};

const AUTOMATIC = {
  label: "Automatic",
  hint: "Tessera Research, or Tessera Local when no model provider is set up.",
};

export function AiSearchOptions({
  model,
  onModelChange,
  searchType,
  onSearchTypeChange,
  disabled,
}: {
  model: string;
  onModelChange: (model: string) => void;
  /** null: this server searches only the workspace, so there is nothing to choose. */
  searchType: AiSearchType | null;
  onSearchTypeChange: (searchType: AiSearchType) => void;
  disabled: boolean;
}) {
  const modelId = useId();
  const typeId = useId();
  const models = useModels();
  return (
    <div className="flex flex-wrap items-center gap-x-5 gap-y-2 text-sm">
      <div className="flex min-w-0 items-center gap-2">
        <label htmlFor={modelId} className="shrink-0 text-muted-foreground">
          Answer with
        </label>
        <ModelSelect
          id={modelId}
          value={model}
          onChange={onModelChange}
          models={models.data}
          pending={models.isPending}
          automatic={AUTOMATIC}
          disabled={disabled}
          className="h-8 w-48 text-sm"
        />
      </div>
      {searchType ? (
        <div className="flex items-center gap-2">
          <label htmlFor={typeId} className="text-muted-foreground">
            Search
          </label>
          <Select
            value={searchType}
            onValueChange={(value) => onSearchTypeChange(value === "workspace" ? "workspace" : "web")}
            disabled={disabled}
          >
            <SelectTrigger id={typeId} className="h-8 w-40 text-sm">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {AI_SEARCH_TYPES.map((type) => (
                <SelectItem key={type} value={type} hint={SEARCH_TYPES[type].hint}>
                  {SEARCH_TYPES[type].label}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
      ) : (
        <p className="text-xs text-muted-foreground">Searches your workspace: no web search is set up.</p>
      )}
    </div>
  );
}
