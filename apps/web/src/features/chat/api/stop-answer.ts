// POST /api/chat-stream/stop: an answer goes on when its page leaves it, so Stop names it: by its id
// once the start event has given it, by the question's clientMessageId before that.
import i18next from "i18next";
import type { ChatStopRequest } from "@tessera/contracts";
import { ApiError, apiRequest, isNotFound } from "@/lib/api-client";
import { sleep } from "@/lib/sleep";
import { untilOnline } from "@/lib/until-online";

/** How long a Stop that found no answer for its question waits before it asks once more. */
export const STOP_AGAIN_MS = 1_000;
/**
 * The waits before asking again when a Stop did not reach the server, or the server could not take
 * it (a dropped connection, a restart): about 15 s in all, online. Stopping twice is harmless.
 */
export const STOP_RETRY_DELAYS_MS = [1_000, 2_000, 4_000, 8_000];

/** How long a Stop made while the browser is offline waits for the connection to come back. */
export const STOP_OFFLINE_WAIT_MS = 60_000;

/** What the page says when Stop never reached the server: the answer goes on there. */
export const stopFailedText = () => i18next.t("stop.unreached", { ns: "chat" });

/** Nobody answered, or the server could not: asking again may reach it. */
const unanswered = (error: unknown) =>
  error instanceof ApiError && (error.isNetworkError || error.status === 429 || error.status >= 500);

async function ask(target: ChatStopRequest): Promise<void> {
  // Offline, nothing can get through: wait for the connection instead (a Stop made in a tunnel still
  // stops the answer when the train comes out), for STOP_OFFLINE_WAIT_MS at most over all the tries.
  const offlineUntil = Date.now() + STOP_OFFLINE_WAIT_MS;
  const backOnline = () => untilOnline(Math.max(0, offlineUntil - Date.now()));
  if (!navigator.onLine) await backOnline();
  for (let tries = 0; ; tries++) {
    try {
      await apiRequest("/api/chat-stream/stop", { method: "POST", body: target });
      return;
    } catch (error) {
      const delay = STOP_RETRY_DELAYS_MS[tries];
      if (delay === undefined || !unanswered(error)) throw error;
      await (navigator.onLine ? sleep(delay) : backOnline());
    }
  }
}

/**
 * Resolves once the server has stopped the answer (or found it already ended); rejects when it could
 * not be reached in time, or has no such answer (isNotFound).
 */
export async function stopAnswer(target: ChatStopRequest): Promise<void> {
  try {
    await ask(target);
  } catch (error) {
    // Named by its question, the turn may not have been stored yet when Stop arrived, and its answer
    // may still have begun just as the connection closed (then it runs on). Once more, a moment later:
    // a turn that was never stored is a 404 again, one that ended meanwhile is left as it is.
    if (target.clientMessageId === undefined || !isNotFound(error)) throw error;
    await sleep(STOP_AGAIN_MS);
    await ask(target);
  }
}
