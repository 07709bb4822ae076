// The comparison being run in the dialog: create it, stream every answer at once into its card
// (use-comparison-cards), stop them all, run a failed or stopped one again. Each answer is a
// durable answer (lib/durable-answer): it outlives the dialog (closing it, or losing the connection,
// leaves it to the server, and the saved comparison's page reads it back); Stop names the comparison.
import {
  ANSWER_STARTED_OVER,
  comparisonInputError,
  type Comparison,
  type ComparisonResponse,
  type ComparisonStreamEvent,
  type CreateComparisonInput,
} from "@tessera/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { errorMessage } from "@/lib/api-client";
import { useDurableAnswers } from "@/lib/durable-answer/use-durable-answers";
import { createComparison } from "../api/create-comparison";
import { comparisonQuery } from "../api/get-comparison";
import { comparisonsQuery } from "../api/get-comparisons";
import { stopComparison } from "../api/stop-comparison";
import { streamComparisonResponse } from "../api/stream-comparison-response";
import { showComparisonError } from "../utils/compare-toasts";
import * as answer from "../utils/comparison-answer";
import { useComparisonCards } from "./use-comparison-cards";

export type RunPhase = "idle" | "creating" | "streaming";

/** Auto-rate (a setting): once all answers are in, the fastest complete one gets this rating. */
export const AUTO_RATING = 5;

export function useComparisonRun() {
  const { t } = useTranslation("compare");
  const queryClient = useQueryClient();
  const { comparison, latestRef, show, patch, rate } = useComparisonCards();
  const [creating, setCreating] = useState(false);
  /** One request stops every answer of the comparison: the answers stopped at once share it. */
  const stoppingRef = useRef<Promise<void> | null>(null);

  const stopAll = () => {
    const id = latestRef.current?.id;
    if (!id) return Promise.resolve();
    stoppingRef.current ??= stopComparison(id)
      .catch((error: unknown) => {
        showComparisonError(error, "stopFailed");
        throw error;
      })
      .finally(() => (stoppingRef.current = null));
    return stoppingRef.current;
  };

  const answers = useDurableAnswers<ComparisonStreamEvent, ComparisonResponse, ComparisonResponse>({
    meaning: answer.comparisonEventMeaning,
    stop: stopAll,
    read: async (responseId) => {
      const current = latestRef.current;
      const stored = current && (await queryClient.fetchQuery(comparisonQuery(current.id)));
      return stored?.responses.find((r) => r.id === responseId) ?? null;
    },
    stored: answer.storedComparisonAnswer,
    errorText: errorMessage,
    endedEarly: t("errors.endedEarly"),
    goneText: t("errors.gone"),
  });

  /** Streams one answer into its card; resolves as it ended (or was stopped, or left). */
  const streamOne = (comparisonId: string, card: ComparisonResponse) =>
    answers.start(card.id, {
      value: card,
      open: (signal) => streamComparisonResponse({ comparisonId, responseId: card.id }, signal),
      stopUnnamed: stopAll,
      changed: (a) => patch(card.id, answer.streamedPart(answer.cardOf(a))),
    });

  /** Once no answer runs here, the run is over and the list is read again. */
  const settle = () => {
    if (!answers.anyRunning())
      void queryClient.invalidateQueries({ queryKey: comparisonsQuery.queryKey, exact: true });
  };

  const autoRateFastest = (ended: answer.ComparisonAnswer[]) => {
    const complete = ended.filter((a) => a.phase === "complete").map((a) => a.value);
    const fastest = complete.sort((a, b) => (a.responseTimeMs ?? 0) - (b.responseTimeMs ?? 0))[0];
    const current = latestRef.current?.responses.find((r) => r.id === fastest?.id);
    // A rating the person already gave is never overwritten.
    if (current && current.rating === null) rate(current.id, AUTO_RATING);
  };

  const start = async (input: CreateComparisonInput, options: { autoRate: boolean }) => {
    const problem = comparisonInputError(input.prompt, input.models);
    if (problem) return showComparisonError(problem);
    setCreating(true);
    let created: Comparison;
    try {
      created = await createComparison(input);
    } catch (error) {
      return showComparisonError(error, "startFailed");
    } finally {
      setCreating(false);
    }
    answers.release();
    show(created);
    void queryClient.invalidateQueries({ queryKey: comparisonsQuery.queryKey, exact: true });
    const ended = await Promise.all(created.responses.map((r) => streamOne(created.id, r)));
    settle();
    if (options.autoRate && ended.every((a) => a.phase !== "stopped")) autoRateFastest(ended);
  };

  /** Runs one failed or stopped answer again in its card: its text, metrics and rating start over. */
  const retry = async (responseId: string) => {
    const current = latestRef.current;
    const card = current?.responses.find((r) => r.id === responseId);
    if (!current || !card || answers.anyRunning([responseId])) return;
    const fresh = { ...card, ...ANSWER_STARTED_OVER, status: "pending" as const, tokensPerSecond: null };
    patch(responseId, fresh);
    await streamOne(current.id, fresh);
    settle();
  };

  /** The answers stopped here: each keeps what arrived, and its status (spec §4), and says so. */
  const stopped = useMemo(
    () => new Set([...answers.answers].flatMap(([id, a]) => (a.phase === "stopped" ? [id] : []))),
    [answers.answers],
  );
  const phase: RunPhase = creating ? "creating" : answers.running ? "streaming" : "idle";
  /** Stops every answer still coming, here at once and on the server; what arrived stays on its card. */
  const stop = () => answers.stop();

  return { comparison, stopped, phase, start, stop, retry, rate };
}
