import { ArrowUpRight, EyeOff, Play, Settings2, Square } from "lucide-react";
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { Textarea } from "@/components/ui/textarea";
import { useModels } from "@/lib/models-query";
import { comparableModels } from "../api/get-models";
import { useCompareSettings } from "../hooks/use-compare-settings";
import { useComparisonRun } from "../hooks/use-comparison-run";
import { useModelSelection } from "../hooks/use-model-selection";
import { CompareSettingsPanel } from "./compare-settings-panel";
import { LabelledSwitch } from "./labelled-switch";
import { ModelChecklist } from "./model-checklist";
import { blindRange, isHidden } from "../utils/blind";
import { ResponseGrid } from "./response-grid";

/**
 * Spec §2 "Model Comparison dialog": a prompt, a checkbox per model, Compare Models, Stop and
 * Settings, then one card per model. It stays mounted while closed, so a comparison keeps streaming
 * and its cards are there again when the dialog is reopened.
 */
export function ComparisonDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation("compare");
  const models = useModels();
  const listed = comparableModels(models.data);
  const selection = useModelSelection(listed);
  const settings = useCompareSettings();
  const run = useComparisonRun();
  const [prompt, setPrompt] = useState("");
  const [blind, setBlind] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const ids = useId();
  const busy = run.phase !== "idle";
  const comparison = run.comparison;
  const answersRef = useRef<HTMLElement>(null);

  // A new comparison brings its cards into view; the form above them is tall.
  const comparisonId = comparison?.id;
  useEffect(() => {
    if (!comparisonId) return;
    const reduce = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
    answersRef.current?.scrollIntoView?.({ behavior: reduce ? "auto" : "smooth", block: "start" });
  }, [comparisonId]);

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (busy) return;
    void run.start({ prompt, models: selection.selected, blind }, { autoRate: settings.autoRate });
  };
  const onPromptKey = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === "Enter" && (event.metaKey || event.ctrlKey)) submit();
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="flex max-h-[calc(100svh-2rem)] max-w-6xl flex-col gap-0 p-0">
        <DialogHeader className="border-b px-4 pt-5 pb-4 sm:px-6">
          <DialogTitle>{t("title")}</DialogTitle>
          <DialogDescription>{t("dialog.description")}</DialogDescription>
        </DialogHeader>
        <div className="scroll-area flex min-h-0 flex-col gap-6 overflow-y-auto px-4 py-5 sm:px-6">
          <form onSubmit={submit} className="flex flex-col gap-5" noValidate>
            <div className="flex flex-col gap-2">
              <Label htmlFor={`${ids}-prompt`}>{t("prompt")}</Label>
              <Textarea
                id={`${ids}-prompt`}
                value={prompt}
                onChange={(e) => setPrompt(e.target.value)}
                onKeyDown={onPromptKey}
                rows={3}
                placeholder={t("dialog.promptPlaceholder")}
                className="min-h-20 resize-y"
              />
            </div>
            {models.isPending ? (
              <Spinner label={t("dialog.loadingModels")} className="size-5 text-primary" />
            ) : null}
            {models.isError ? <p className="text-sm text-destructive">{t("dialog.modelsFailed")}</p> : null}
            {models.data && listed.length === 0 ? (
              <p className="text-sm text-muted-foreground">{t("dialog.noModels")}</p>
            ) : null}
            {listed.length > 0 ? (
              <ModelChecklist
                models={listed}
                selected={selection.selected}
                onToggle={selection.toggle}
                disabled={busy}
              />
            ) : null}
            <LabelledSwitch
              label={t("dialog.blindMode")}
              hint={t("dialog.blindHint")}
              checked={blind}
              onCheckedChange={setBlind}
              disabled={busy}
            />
            <div className="flex flex-wrap items-center gap-2">
              <Button type="submit" disabled={busy}>
                {busy ? <Spinner /> : <Play aria-hidden="true" />}
                {t("dialog.compare")}
              </Button>
              <Button variant="outline" onClick={run.stop} disabled={run.phase !== "streaming"}>
                <Square aria-hidden="true" />
                {t("stop")}
              </Button>
              <Button
                variant="ghost"
                aria-expanded={settingsOpen}
                aria-controls={`${ids}-settings`}
                onClick={() => setSettingsOpen((v) => !v)}
              >
                <Settings2 aria-hidden="true" />
                {t("dialog.settings")}
              </Button>
            </div>
            {settingsOpen ? <CompareSettingsPanel id={`${ids}-settings`} /> : null}
          </form>

          {comparison ? (
            <section
              ref={answersRef}
              aria-label={t("dialog.answers")}
              // Tall enough to scroll to the top of the dialog while the answers are still short.
              className="flex min-h-[calc(100svh-12rem)] scroll-mt-2 flex-col gap-3 border-t pt-5"
            >
              <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                <h3 className="text-sm font-semibold">{t("dialog.answers")}</h3>
                {isHidden(comparison) ? (
                  <p className="flex items-center gap-1.5 text-xs text-muted-foreground">
                    <EyeOff className="size-3.5" aria-hidden="true" />
                    {t("blind.rateToReveal", { range: blindRange(comparison.responses.length) })}
                  </p>
                ) : null}
                {/* The answers still coming go on there: the saved comparison's page follows them. */}
                {run.phase !== "creating" ? (
                  <Link
                    to={`/dashboard/compare/${comparison.id}`}
                    onClick={() => onOpenChange(false)}
                    className="ml-auto flex items-center gap-1 text-xs font-medium text-primary underline-offset-4 hover:underline"
                  >
                    {t("dialog.openSaved")}
                    <ArrowUpRight className="size-3.5" aria-hidden="true" />
                  </Link>
                ) : null}
              </div>
              <ResponseGrid
                comparison={comparison}
                stopped={run.stopped}
                streaming={run.phase === "streaming"}
                showMetrics={settings.showMetrics}
                onRate={run.rate}
                onRetry={(responseId) => void run.retry(responseId)}
              />
            </section>
          ) : null}
        </div>
      </DialogContent>
    </Dialog>
  );
}
