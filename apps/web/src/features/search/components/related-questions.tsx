import { CornerDownRight } from "lucide-react";
import { useId } from "react";
import { useTranslation } from "react-i18next";

/** Related questions (follow_up): each starts a new search of its own, not a follow-up. */
export function RelatedQuestions({
  questions,
  disabled,
  onAsk,
}: {
  questions: string[];
  disabled: boolean;
  onAsk: (question: string) => void;
}) {
  const { t } = useTranslation("search");
  const titleId = useId();
  if (questions.length === 0) return null;
  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-2">
      <h3 id={titleId} className="text-xs font-semibold tracking-wider text-muted-foreground uppercase">
        {t("related.title")}
      </h3>
      <ul className="flex flex-col divide-y overflow-hidden rounded-xl border bg-card">
        {questions.map((question) => (
          <li key={question}>
            <button
              type="button"
              disabled={disabled}
              onClick={() => onAsk(question)}
              className="flex w-full items-start gap-2.5 px-3.5 py-2.5 text-start text-sm transition-colors outline-none hover:bg-accent/60 focus-visible:bg-accent/60 disabled:cursor-not-allowed disabled:opacity-60"
            >
              <CornerDownRight
                className="mt-0.5 size-4 shrink-0 text-primary rtl:-scale-x-100"
                aria-hidden="true"
              />
              <span className="min-w-0 break-words">{question}</span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
