import { Star } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Spinner } from "@/components/ui/spinner";
import { useLeaderboard } from "../api/get-leaderboard";
import { useModelNames } from "../api/get-models";
import { formatRating } from "../utils/format-metrics";
import { EmptyNote } from "./empty-note";

/** The personal leaderboard (DESIGN.md, beyond the spec): each model's average from your ratings. */
export function LeaderboardTable() {
  const { t } = useTranslation("compare");
  const { data, isPending, isError } = useLeaderboard();
  const nameOf = useModelNames();
  if (isPending)
    return <Spinner label={t("leaderboard.loading")} className="mx-auto my-6 size-6 text-primary" />;
  if (isError) return <p className="py-4 text-sm text-destructive">{t("leaderboard.loadFailed")}</p>;
  if (data.length === 0)
    return <EmptyNote title={t("leaderboard.emptyTitle")}>{t("leaderboard.emptyText")}</EmptyNote>;
  return (
    <div className="-mx-2 overflow-x-auto">
      <table className="w-full text-sm">
        <caption className="sr-only">{t("leaderboard.caption")}</caption>
        <thead>
          <tr className="border-b text-left text-xs text-muted-foreground sm:whitespace-nowrap">
            <th scope="col" className="px-2 py-2 font-medium">
              {t("leaderboard.model")}
            </th>
            <th scope="col" className="px-2 py-2 text-right font-medium">
              {t("leaderboard.comparisons")}
            </th>
            <th scope="col" className="px-2 py-2 text-right font-medium">
              {t("leaderboard.average")}
            </th>
            <th scope="col" className="px-2 py-2 text-right font-medium">
              {t("leaderboard.wins")}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y">
          {data.map((entry, index) => (
            <tr key={entry.modelId}>
              <th scope="row" className="px-2 py-2.5 text-left font-medium">
                <span className="flex items-center gap-2 whitespace-nowrap">
                  <span className="w-4 text-xs text-muted-foreground tabular-nums">{index + 1}</span>
                  {nameOf(entry.modelId)}
                </span>
              </th>
              <td className="px-2 py-2.5 text-right tabular-nums">{entry.comparisons}</td>
              <td className="px-2 py-2.5 text-right tabular-nums">
                <span className="inline-flex items-center gap-1">
                  <Star className="size-3.5 fill-amber-400 text-amber-500" aria-hidden="true" />
                  {formatRating(entry.averageRating)}
                </span>
              </td>
              <td className="px-2 py-2.5 text-right tabular-nums">{entry.wins}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
