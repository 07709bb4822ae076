// One generation as the Image Creator shows it (spec 001 §4): progress 10 with 'Initializing image
// generation...', 30 with 'Contacting provider...' once the server has the job, then +7 every 500 ms
// up to 90 while the job runs, 100 with 'Image generated successfully!' and back to 0 after 600 ms.
// The job is followed by polling its status; failures are the spec's 'Generation Failed' toast.
import { IMAGE_PROGRESS, type GeneratedImage, type ImageAspectRatio } from "@tessera/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { toast } from "@/lib/toast";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { ApiError } from "@/lib/api-client";
import { useAuth } from "@/lib/auth-context";
import { subscriptionQueryKey } from "@/lib/subscription";
import { followImageJob, startImageGeneration } from "../api/generate-image";
import { IMAGES_KEY } from "../api/get-images";
import { useJobFailureText } from "@/lib/job-failure-text";

export interface GenerationState {
  running: boolean;
  progress: number;
  statusText: string;
  result: GeneratedImage | null;
}

/** One tick of the bar while the job runs: +7, never past 90. */
export const nextProgress = (progress: number) =>
  Math.min(IMAGE_PROGRESS.cap, progress + IMAGE_PROGRESS.step);

const IDLE: GenerationState = { running: false, progress: 0, statusText: "", result: null };

function failureMessage(error: unknown, t: TFunction<"images">): string {
  // The server's own reason when it gave one; the spec's wording for a bare HTTP failure.
  if (error instanceof ApiError && error.code.startsWith("HTTP_"))
    return t("messages.httpFailed", { reason: error.message });
  return error instanceof Error && error.message ? error.message : t("messages.failedFallback");
}

export function useImageGeneration() {
  const { t } = useTranslation("images");
  const failureText = useJobFailureText();
  const { user, token } = useAuth();
  const queryClient = useQueryClient();
  const [state, setState] = useState<GenerationState>(IDLE);
  const controller = useRef<AbortController | null>(null);
  const timers = useRef<{ tick?: ReturnType<typeof setInterval>; reset?: ReturnType<typeof setTimeout> }>({});

  const stopTimers = () => {
    clearInterval(timers.current.tick);
    clearTimeout(timers.current.reset);
    timers.current = {};
  };

  // Leaving the page stops following the job (it still finishes on the server). The stop waits a
  // tick, so StrictMode's rehearsal unmount in development does not cancel an auto-started job.
  const leaving = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => {
    clearTimeout(leaving.current);
    return () => {
      leaving.current = setTimeout(() => {
        controller.current?.abort();
        stopTimers();
      }, 0);
    };
  }, []);

  const refreshLists = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: IMAGES_KEY });
    void queryClient.invalidateQueries({ queryKey: subscriptionQueryKey });
  }, [queryClient]);

  const generate = useCallback(
    async (input: { prompt: string; model: string; aspectRatio: ImageAspectRatio }) => {
      if (!input.prompt.trim()) {
        toast.error(t("messages.promptRequiredTitle"), { description: t("messages.promptRequired") });
        return;
      }
      if (!user) {
        toast.error(t("messages.loginRequiredTitle"), { description: t("messages.loginRequired") });
        return;
      }
      controller.current?.abort();
      stopTimers();
      const own = new AbortController();
      controller.current = own;
      setState({
        running: true,
        progress: IMAGE_PROGRESS.start,
        statusText: t("messages.initializing"),
        result: null,
      });
      try {
        if (!token) throw new Error(t("messages.authRequired"));
        const job = await startImageGeneration({ ...input, prompt: input.prompt.trim() });
        if (own.signal.aborted) return;
        refreshLists();
        setState((s) => ({
          ...s,
          progress: IMAGE_PROGRESS.contacted,
          statusText: t("messages.contacting"),
        }));
        timers.current.tick = setInterval(
          () => setState((s) => ({ ...s, progress: nextProgress(s.progress) })),
          IMAGE_PROGRESS.tickMs,
        );
        const done = await followImageJob(job.id, { signal: own.signal });
        stopTimers();
        if (done.status === "failed")
          throw new Error(done.error ? failureText(done.error) : t("messages.failedFallback"));
        setState({
          running: false,
          progress: IMAGE_PROGRESS.done,
          statusText: t("messages.generated"),
          result: done,
        });
        timers.current.reset = setTimeout(
          () => setState((s) => ({ ...s, progress: 0 })),
          IMAGE_PROGRESS.resetMs,
        );
      } catch (error) {
        if (own.signal.aborted) return;
        stopTimers();
        setState(IDLE);
        toast.error(t("messages.failedTitle"), { description: failureMessage(error, t) });
      } finally {
        if (!own.signal.aborted) refreshLists();
      }
    },
    [user, token, refreshLists, t, failureText],
  );

  /** New Image: forgets the result; a job still running goes on and lands in Recent Images. */
  const reset = useCallback(() => {
    controller.current?.abort();
    stopTimers();
    setState(IDLE);
  }, []);

  const show = useCallback((image: GeneratedImage) => setState((s) => ({ ...s, result: image })), []);

  return { ...state, generate, reset, show };
}
