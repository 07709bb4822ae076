import type { ModelAvailability } from "@tessera/contracts";
import { ModelAvatar } from "./model-avatar";
import { SuggestionChips } from "./suggestion-chips";
import { useTranslation } from "react-i18next";

/** A model is chosen but nothing is said yet: who is listening, and some ideas. */
export function ChatEmptyState({
  model,
  onSuggestion,
}: {
  model: ModelAvailability | null;
  onSuggestion: (text: string) => void;
}) {
  const { t } = useTranslation("chat");
  return (
    <div className="mx-auto flex h-full w-full max-w-2xl animate-rise-in flex-col items-center justify-center gap-6 px-4 py-10 text-center">
      <div className="flex flex-col items-center gap-3">
        <ModelAvatar className="size-12 rounded-2xl" />
        <h2 className="text-2xl font-semibold tracking-tight">
          {t("empty.title", { model: model?.name ?? "Tessa" })}
        </h2>
        {model?.description ? (
          <p className="max-w-md text-sm text-muted-foreground">{model.description}</p>
        ) : null}
      </div>
      <SuggestionChips onPick={onSuggestion} />
    </div>
  );
}
