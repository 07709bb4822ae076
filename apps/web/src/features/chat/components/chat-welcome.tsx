import { ArrowRight, Layers } from "lucide-react";
import { GUIDE_MODEL_ID } from "@tessera/contracts";
import { ModelAvatar } from "./model-avatar";
import { SpecializedModelsSelect } from "./specialized-models-select";
import { SuggestionChips } from "./suggestion-chips";
import { useTranslation } from "react-i18next";

/** No model chosen and no conversation open: the guide, or a specialized model. */
export function ChatWelcome({
  onChoose,
  onSuggestion,
}: {
  onChoose: (modelId: string) => void;
  onSuggestion: (text: string) => void;
}) {
  const { t } = useTranslation("chat");
  return (
    <div className="mx-auto flex w-full max-w-3xl animate-rise-in flex-col items-center gap-6 px-4 py-6 sm:py-8">
      <header className="flex flex-col items-center gap-3 text-center">
        <ModelAvatar className="size-12 rounded-2xl" />
        <h2 className="text-3xl font-semibold tracking-tight">{t("welcome.title")}</h2>
        <p className="max-w-lg text-muted-foreground">{t("welcome.subtitle")}</p>
      </header>
      <div className="grid w-full gap-4 sm:grid-cols-2">
        <button
          type="button"
          onClick={() => onChoose(GUIDE_MODEL_ID)}
          className="group flex flex-col gap-3 rounded-2xl border bg-card p-4 text-start shadow-sm transition-all outline-none hover:-translate-y-0.5 hover:border-primary/40 hover:shadow-md focus-visible:ring-[3px] focus-visible:ring-ring/40"
        >
          <span className="flex items-center gap-3">
            <ModelAvatar className="size-10 rounded-xl" />
            <span className="flex flex-col">
              <span className="font-semibold">{t("welcome.guide.title")}</span>
              <span className="text-xs text-muted-foreground">{t("welcome.guide.tagline")}</span>
            </span>
          </span>
          <span className="text-sm text-muted-foreground">{t("welcome.guide.description")}</span>
          <span className="mt-auto flex items-center gap-1 text-sm font-medium text-primary">
            {t("welcome.guide.start")}
            <ArrowRight
              className="size-4 transition-transform group-hover:translate-x-0.5 rtl:-scale-x-100 rtl:group-hover:-translate-x-0.5"
              aria-hidden="true"
            />
          </span>
        </button>
        <div className="flex flex-col gap-3 rounded-2xl border bg-card p-4 shadow-sm">
          <span className="flex items-center gap-3">
            <span className="flex size-10 items-center justify-center rounded-xl bg-amber-500/12 text-amber-700 dark:text-amber-300">
              <Layers className="size-5" aria-hidden="true" />
            </span>
            <span className="flex flex-col">
              <span className="font-semibold">{t("welcome.specialized.title")}</span>
              <span className="text-xs text-muted-foreground">{t("welcome.specialized.tagline")}</span>
            </span>
          </span>
          <span className="text-sm text-muted-foreground">{t("welcome.specialized.description")}</span>
          <div className="mt-auto">
            <SpecializedModelsSelect onSelect={onChoose} />
          </div>
        </div>
      </div>
      <SuggestionChips onPick={onSuggestion} />
    </div>
  );
}
