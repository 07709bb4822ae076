// The simple search's choices: the model that writes the answer (the server's own by default) and,
// where this server has a web search provider, whether to search the web or only the workspace.
import type { SearchType } from "@tessera/contracts";
import { useId } from "react";
import { ModelSelect } from "@/components/model-select";
import { useModels } from "@/lib/models-query";
import { SearchTypeSelect, WorkspaceOnlyNote } from "./search-type-select";

const AUTOMATIC = {
  label: "Automatic",
  hint: "Tessera Research, or Tessera Local when no model provider is set up.",
};

export function AiSearchOptions({
  model,
  onModelChange,
  searchType,
  onSearchTypeChange,
  webSearch,
  disabled,
}: {
  model: string;
  onModelChange: (model: string) => void;
  searchType: SearchType;
  onSearchTypeChange: (searchType: SearchType) => void;
  /** This server has a web search provider; without one every search reads the workspace. */
  webSearch: boolean;
  disabled: boolean;
}) {
  const modelId = useId();
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
      {webSearch ? (
        <SearchTypeSelect value={searchType} onChange={onSearchTypeChange} disabled={disabled} />
      ) : (
        <WorkspaceOnlyNote />
      )}
    </div>
  );
}
