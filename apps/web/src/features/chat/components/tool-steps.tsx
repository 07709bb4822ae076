// The tools an answer called, each a step that opens to show its input, its output and how long it
// took; a call that waits for the person shows the tool and its input with Approve and Deny. What a
// tool returns (and what the model sent it) is untrusted: shown as text, never as markup or links.
import type { ToolStep } from "@tessera/contracts";
import { Check, ChevronRight, CircleAlert, LoaderCircle, Wrench, X } from "lucide-react";
import { useState } from "react";
import { Trans, useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { errorMessage } from "@/lib/api-client";
import { toast } from "@/lib/toast";
import { activeLocale, cn, formatCount } from "@/lib/utils";
import { decideToolCall } from "../api/tool-approval";

/** How much of an output shows before "Show all". */
export const OUTPUT_PREVIEW_CHARS = 600;

/** "tool · server" for an MCP server's tool; the name the model used for a built-in or an older step. */
export const stepLabel = (step: Pick<ToolStep, "name" | "tool" | "server">) =>
  step.server ? `${step.tool ?? step.name} · ${step.server}` : step.name;

const inputText = (input: unknown) =>
  typeof input === "string" ? input : (JSON.stringify(input, null, 2) ?? "");

export function ToolSteps({ steps, answerId }: { steps: ToolStep[]; answerId?: string }) {
  const { t } = useTranslation("chat");
  if (!steps.length) return null;
  return (
    <ol className="flex flex-col gap-1.5" aria-label={t("tools.calls")}>
      {steps.map((step) => (
        <li key={step.id}>
          {step.approval === "pending" && step.output === null ? (
            <ApprovalCard step={step} answerId={answerId} />
          ) : (
            <ToolStepItem step={step} />
          )}
        </li>
      ))}
    </ol>
  );
}

function ToolStepItem({ step }: { step: ToolStep }) {
  const { t } = useTranslation("chat");
  const [open, setOpen] = useState(false);
  const [all, setAll] = useState(false);
  const running = step.output === null;
  const output = step.output ?? "";
  const long = output.length > OUTPUT_PREVIEW_CHARS;
  return (
    <div className="rounded-lg border bg-muted/30 text-sm">
      <button
        type="button"
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
        className="flex w-full items-center gap-2 px-3 py-1.5 text-start"
      >
        <ChevronRight
          className={cn("size-3.5 transition-transform", open ? "rotate-90" : "rtl:rotate-180")}
          aria-hidden="true"
        />
        <Wrench className="size-3.5 text-muted-foreground" aria-hidden="true" />
        <span className="min-w-0 font-mono text-xs break-all">{stepLabel(step)}</span>
        <span className="ms-auto flex shrink-0 items-center gap-1 text-xs text-muted-foreground">
          {running ? (
            <>
              <LoaderCircle className="size-3 animate-spin" aria-hidden="true" /> {t("tools.running")}
            </>
          ) : step.isError ? (
            <span className="flex items-center gap-1 text-destructive">
              <CircleAlert className="size-3" aria-hidden="true" />
              {step.approval === "denied" ? t("tools.denied") : t("tools.error")}
            </span>
          ) : (
            <Check className="size-3 text-emerald-600" aria-label={t("tools.done")} />
          )}
          {step.durationMs !== null ? <span>{formatDuration(step.durationMs)}</span> : null}
        </span>
      </button>
      {open ? (
        <div className="flex flex-col gap-2 border-t px-3 py-2">
          <StepText label={t("tools.input")} text={inputText(step.input)} />
          {running ? null : (
            <>
              <StepText
                label={step.isError ? t("tools.error") : t("tools.output")}
                text={all || !long ? output : `${output.slice(0, OUTPUT_PREVIEW_CHARS)}…`}
              />
              {long ? (
                <button
                  type="button"
                  className="self-start text-xs text-primary underline-offset-2 hover:underline"
                  onClick={() => setAll((a) => !a)}
                >
                  {all ? t("tools.showLess") : t("tools.showAll")}
                </button>
              ) : null}
            </>
          )}
        </div>
      ) : null}
    </div>
  );
}

/** Text as text: React escapes it, and nothing in it is parsed as markdown or made a link. */
function StepText({ label, text }: { label: string; text: string }) {
  return (
    <div className="flex flex-col gap-0.5">
      <span className="text-xs font-medium text-muted-foreground">{label}</span>
      <pre className="max-h-80 overflow-auto rounded bg-background px-2 py-1 font-mono text-xs break-words whitespace-pre-wrap">
        {text}
      </pre>
    </div>
  );
}

function ApprovalCard({ step, answerId }: { step: ToolStep; answerId?: string }) {
  const { t } = useTranslation("chat");
  const [sending, setSending] = useState<"approve" | "deny" | null>(null);
  const decide = (approve: boolean) => {
    if (!answerId || sending) return;
    setSending(approve ? "approve" : "deny");
    decideToolCall({ messageId: answerId, toolCallId: step.id, approve }).catch((error: unknown) => {
      setSending(null);
      toast.error(t("tools.error"), { description: errorMessage(error) });
    });
  };
  return (
    <div
      role="group"
      aria-label={t("tools.approveNamed", { tool: stepLabel(step) })}
      className="rounded-lg border border-primary/40 bg-primary/5 p-3 text-sm"
    >
      <p className="flex items-center gap-2 font-medium">
        <Wrench className="size-4" aria-hidden="true" />
        <span>
          <Trans
            t={t}
            i18nKey="tools.wantsToUse"
            values={{ tool: stepLabel(step) }}
            components={{ tool: <span className="font-mono" /> }}
          />
        </span>
      </p>
      <div className="mt-2">
        <StepText label={t("tools.input")} text={inputText(step.input)} />
      </div>
      <div className="mt-3 flex gap-2">
        <Button size="sm" onClick={() => decide(true)} disabled={!answerId || sending !== null}>
          <Check className="size-4" aria-hidden="true" />
          {t("tools.approve")}
        </Button>
        <Button
          size="sm"
          variant="outline"
          onClick={() => decide(false)}
          disabled={!answerId || sending !== null}
        >
          <X className="size-4" aria-hidden="true" />
          {t("tools.deny")}
        </Button>
      </div>
    </div>
  );
}

export function formatDuration(ms: number): string {
  if (ms < 1000) return `${formatCount(ms)} ms`;
  const seconds = ms / 1000;
  return `${seconds.toLocaleString(activeLocale(), { minimumFractionDigits: 1, maximumFractionDigits: 1 })} s`;
}
