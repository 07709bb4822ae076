import type { ComparisonSummary } from "@tessera/contracts";
import { ChevronRight, EyeOff, Radio, Star, Trophy } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Badge } from "@/components/ui/badge";
import { Spinner } from "@/components/ui/spinner";
import { formatShortWhen } from "@/lib/utils";
import { useComparisons } from "../api/get-comparisons";
import { useModelNames } from "../api/get-models";
import { blindRange, isHidden } from "../utils/blind";
import { EmptyNote } from "./empty-note";

function HistoryItem({ item, nameOf }: { item: ComparisonSummary; nameOf: (id: string) => string }) {
  const { t } = useTranslation("compare");
  const hidden = isHidden(item);
  const models = hidden
    ? t("blind.range", { range: blindRange(item.responseCount) })
    : t("history.models", { models: item.models.map(nameOf) });
  return (
    <li>
      <Link
        to={`/dashboard/compare/${item.id}`}
        className="group flex items-center gap-3 rounded-lg px-3 py-3 transition outline-none hover:bg-accent/60 focus-visible:ring-[3px] focus-visible:ring-ring/40"
      >
        <div className="flex min-w-0 flex-1 flex-col gap-1.5">
          <p className="line-clamp-2 text-sm font-medium break-words">{item.prompt}</p>
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground">
            <span className="flex min-w-0 items-center gap-1">
              {hidden ? <EyeOff className="size-3.5 shrink-0" aria-hidden="true" /> : null}
              <span className="truncate">{models}</span>
            </span>
            <span className="flex items-center gap-1">
              <Star className="size-3.5" aria-hidden="true" />
              {t("history.rated", { rated: item.ratedCount, total: item.responseCount })}
            </span>
            {item.winnerModelId ? (
              <span className="flex items-center gap-1 text-foreground">
                <Trophy className="size-3.5 text-amber-500" aria-hidden="true" />
                {t("history.winner", { name: nameOf(item.winnerModelId) })}
              </span>
            ) : null}
            <time dateTime={item.createdAt}>{formatShortWhen(item.createdAt)}</time>
            {item.runningCount > 0 ? (
              <Badge variant="default">
                <Radio aria-hidden="true" />
                {t("history.answering", { running: item.runningCount, total: item.responseCount })}
              </Badge>
            ) : null}
            {item.blind && item.revealed ? <Badge variant="secondary">{t("blind.revealed")}</Badge> : null}
          </div>
        </div>
        <ChevronRight
          className="size-4 shrink-0 text-muted-foreground transition group-hover:translate-x-0.5"
          aria-hidden="true"
        />
      </Link>
    </li>
  );
}

/** "Your comparisons": newest first; each opens its page. */
export function ComparisonHistory() {
  const { t } = useTranslation("compare");
  const { data, isPending, isError } = useComparisons();
  const nameOf = useModelNames();
  if (isPending) return <Spinner label={t("history.loading")} className="mx-auto my-6 size-6 text-primary" />;
  if (isError) return <p className="px-3 py-4 text-sm text-destructive">{t("history.loadFailed")}</p>;
  if (data.length === 0)
    return <EmptyNote title={t("history.emptyTitle")}>{t("history.emptyText")}</EmptyNote>;
  return (
    <ul aria-label={t("history.title")} className="flex flex-col divide-y">
      {data.map((item) => (
        <HistoryItem key={item.id} item={item} nameOf={nameOf} />
      ))}
    </ul>
  );
}
