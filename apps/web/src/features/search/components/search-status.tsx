import { CircleAlert, CircleCheck, CircleStop } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Spinner } from "@/components/ui/spinner";
import { cn } from "@/lib/utils";
import type { SearchTurn } from "../utils/search-turn";

const icons = {
  complete: <CircleCheck className="size-4 text-success" aria-hidden="true" />,
  error: <CircleAlert className="size-4 text-destructive" aria-hidden="true" />,
  stopped: <CircleStop className="size-4" aria-hidden="true" />,
  running: <Spinner className="size-4 text-primary" />,
};

/** The status text that follows the events, and the overview's progress while it is written. */
export function SearchStatus({ turn }: { turn: SearchTurn }) {
  const { t } = useTranslation("search");
  const running = turn.phase === "running";
  return (
    <div className="flex flex-col gap-1.5">
      <p
        role={running ? "status" : undefined}
        data-testid="search-status"
        data-phase={turn.phase}
        className={cn(
          "flex items-center gap-2 text-sm text-muted-foreground",
          turn.phase === "error" && "text-destructive",
        )}
      >
        {icons[turn.phase]}
        <span>{turn.status}</span>
      </p>
      {turn.progress !== null ? (
        <div
          role="progressbar"
          aria-label={t("result.progress")}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.round(turn.progress)}
          className="h-1 w-full max-w-xs overflow-hidden rounded-full bg-primary/15"
        >
          <div
            className="h-full rounded-full bg-primary transition-[width] duration-300"
            style={{ width: `${Math.max(2, turn.progress)}%` }}
          />
        </div>
      ) : null}
    </div>
  );
}
