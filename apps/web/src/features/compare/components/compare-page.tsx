// /dashboard/compare: start a comparison, find earlier ones, and see the personal leaderboard.
// `?new=1` opens the Model Comparison dialog straight away (the chat page links there).
import { Columns3, History, Plus, Trophy } from "lucide-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { FeatureErrorBoundary } from "@/components/error-boundary";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { useDocumentTitle } from "@/lib/use-document-title";
import { cn } from "@/lib/utils";
import { useComparisons } from "../api/get-comparisons";
import { ComparisonDialog } from "./comparison-dialog";
import { ComparisonHistory } from "./comparison-history";
import { LeaderboardTable } from "./leaderboard-table";

/**
 * Up to this many comparisons, the two cards stand at one height; a longer history runs on below a
 * leaderboard that keeps its own height.
 */
const SHORT_HISTORY = 6;

export function ComparePage() {
  const { t } = useTranslation("compare");
  useDocumentTitle(t("title"));
  const [params, setParams] = useSearchParams();
  const [dialogOpen, setDialogOpen] = useState(params.get("new") === "1");
  const short = (useComparisons().data?.length ?? 0) <= SHORT_HISTORY;

  // The request to open is used once: closing the dialog must not bring it back on a reload.
  useEffect(() => {
    if (params.has("new")) setParams((p) => (p.delete("new"), p), { replace: true });
  }, [params, setParams]);

  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-8 px-4 py-8 sm:px-8 sm:py-10">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div className="flex items-start gap-4">
          <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-gradient-to-br from-indigo-500/15 to-violet-500/15 text-primary ring-1 ring-primary/15">
            <Columns3 className="size-5" aria-hidden="true" />
          </span>
          <div className="flex flex-col gap-1">
            <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{t("title")}</h1>
            <p className="max-w-xl text-sm text-muted-foreground sm:text-base">{t("page.intro")}</p>
          </div>
        </div>
        <Button onClick={() => setDialogOpen(true)}>
          <Plus aria-hidden="true" />
          {t("page.new")}
        </Button>
      </header>

      <FeatureErrorBoundary feature="compare">
        <div className={cn("grid grid-cols-1 gap-6 xl:grid-cols-2", short ? "items-stretch" : "items-start")}>
          <Card className="flex flex-col">
            <CardHeader className="pb-3">
              <CardTitle className="flex items-center gap-2 text-base">
                <History className="size-4 text-muted-foreground" aria-hidden="true" />
                {t("history.title")}
              </CardTitle>
              <CardDescription>{t("history.description")}</CardDescription>
            </CardHeader>
            <CardContent className="flex flex-1 flex-col px-3 pb-3">
              <ComparisonHistory />
            </CardContent>
          </Card>
          <Card className="flex flex-col">
            <CardHeader className="pb-3">
              <CardTitle className="flex items-center gap-2 text-base">
                <Trophy className="size-4 text-amber-500" aria-hidden="true" />
                {t("leaderboard.title")}
              </CardTitle>
              <CardDescription>{t("leaderboard.description")}</CardDescription>
            </CardHeader>
            <CardContent className="flex flex-1 flex-col">
              <LeaderboardTable />
            </CardContent>
          </Card>
        </div>
      </FeatureErrorBoundary>

      <ComparisonDialog open={dialogOpen} onOpenChange={setDialogOpen} />
    </div>
  );
}
