// The simple search's choices: the model that writes the answer (the server's own by default) and,
// where this server has a web search provider, whether to search the web or only the workspace.
import { useTranslation } from "react-i18next";
import { AUTOMATIC_MODEL, ModelSelect } from "@/components/model-select";
import { useModels } from "@/lib/models-query";
import type { AiSearchChoice } from "../utils/search-preferences";
import { OptionField, OptionsRow } from "./option-field";
import { SearchTypeSelect, WorkspaceOnlyNote } from "./search-type-select";

export function AiSearchOptions({
  choice,
  onChange,
  webSearch,
  disabled,
}: {
  choice: AiSearchChoice;
  onChange: (choice: AiSearchChoice) => void;
  /** This server has a web search provider; without one every search reads the workspace. */
  webSearch: boolean;
  disabled: boolean;
}) {
  const { t } = useTranslation("search");
  const models = useModels();
  return (
    <OptionsRow>
      <OptionField label={t("options.answerWith")}>
        {(id) => (
          <ModelSelect
            id={id}
            value={choice.model ?? AUTOMATIC_MODEL}
            // Automatic is no model named: the server's own.
            onChange={(model) =>
              onChange({ searchType: choice.searchType, ...(model === AUTOMATIC_MODEL ? {} : { model }) })
            }
            models={models.data}
            pending={models.isPending}
            automatic={{ label: t("options.automatic"), hint: t("options.automaticHint") }}
            disabled={disabled}
            className="h-8 w-48 text-sm"
          />
        )}
      </OptionField>
      {webSearch ? (
        <SearchTypeSelect
          value={choice.searchType}
          onChange={(searchType) => onChange({ ...choice, searchType })}
          disabled={disabled}
        />
      ) : (
        <WorkspaceOnlyNote />
      )}
    </OptionsRow>
  );
}
