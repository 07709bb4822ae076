import { Lightbulb } from "lucide-react";
import { readPreferredImageStyle, usePreference, useRecentPrompts } from "@/lib/local-preferences";
import { smartSuggestions } from "../utils/smart-suggestions";
import { useTranslation } from "react-i18next";

/** Smart suggestions (spec §9) as chips; a click puts the text in the message box. */
export function SuggestionChips({ onPick }: { onPick: (text: string) => void }) {
  const { t } = useTranslation("chat");
  const recent = useRecentPrompts();
  const imageStyle = usePreference(readPreferredImageStyle);
  const suggestions = smartSuggestions(recent, imageStyle);
  return (
    <section aria-label={t("suggestions.label")} className="flex w-full flex-col items-center gap-2.5">
      <p className="flex items-center gap-1.5 text-xs font-medium text-muted-foreground">
        <Lightbulb className="size-3.5" aria-hidden="true" />
        {recent.length > 0 ? t("suggestions.pickUp") : t("suggestions.tryAsking")}
      </p>
      <ul className="flex flex-wrap justify-center gap-2">
        {suggestions.map((text) => (
          <li key={text}>
            <button
              type="button"
              onClick={() => onPick(text)}
              className="max-w-[22rem] truncate rounded-full border bg-card px-3.5 py-1.5 text-sm text-foreground/85 shadow-xs transition-colors outline-none hover:border-primary/40 hover:bg-accent hover:text-accent-foreground focus-visible:ring-[3px] focus-visible:ring-ring/40"
            >
              {text}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
