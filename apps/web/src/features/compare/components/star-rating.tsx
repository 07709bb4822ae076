import { Star } from "lucide-react";
import { useTranslation } from "react-i18next";
import { cn } from "@/lib/utils";

const STARS = [1, 2, 3, 4, 5] as const;

/** Spec §4: a rating of 1 to 5 for a complete answer; choosing again changes it. */
export function StarRating({
  value,
  onRate,
  label,
}: {
  value: number | null;
  onRate: (rating: number) => void;
  /** Names the answer for screen readers ("Rating for Model A"). */
  label: string;
}) {
  const { t } = useTranslation("compare");
  return (
    <div role="group" aria-label={label} className="flex items-center gap-0.5">
      {STARS.map((n) => {
        const filled = value !== null && n <= value;
        return (
          <button
            key={n}
            type="button"
            aria-label={t("card.rate", { count: n })}
            aria-pressed={value === n}
            onClick={() => onRate(n)}
            className="rounded-md p-1 text-muted-foreground transition outline-none hover:scale-110 hover:text-amber-500 focus-visible:ring-[3px] focus-visible:ring-ring/40"
          >
            <Star
              aria-hidden="true"
              className={cn(
                "size-5",
                filled && "fill-amber-400 text-amber-500 dark:fill-amber-300 dark:text-amber-300",
              )}
            />
          </button>
        );
      })}
    </div>
  );
}
