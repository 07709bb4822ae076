// Spec §8: what a chat failure says, and which failures are worth retrying.
import type { CHAT_ERROR_MESSAGES } from "@tessera/contracts";
import i18next from "i18next";
import { ApiError } from "@/lib/api-client";
import { StreamIdleError } from "@/lib/stream-idle-error";
import { streamErrorText } from "@/lib/stream-error-text";

/** One of the spec's chat failure texts, in the app's language. */
const say = (key: keyof typeof CHAT_ERROR_MESSAGES) => i18next.t(`errors.${key}`, { ns: "chat" });

export const CHAT_RETRY_DELAYS_MS = [1000, 2000] as const;
export const CHAT_MAX_ATTEMPTS = CHAT_RETRY_DELAYS_MS.length + 1;

/** Raised for an `error` event: the server's message, already in the spec's words. */
export class ChatStreamError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = "ChatStreamError";
  }
}

/** Upstream wording mapped to the spec's texts; the server's known English translated; anything else as it is. */
export function chatErrorText(text: string | null | undefined): string {
  const value = text?.trim();
  if (!value) return say("failed");
  if (value.includes("OpenRouter API error")) return say("unavailable");
  if (/rate-limited/i.test(value)) return say("rateLimited");
  if (value.includes("Unsupported model")) return say("unsupported");
  return streamErrorText(value);
}

/**
 * Network-like failures (the spec: fetch, network, timeout, "Failed") are retried; a refusal from
 * the server or an error event is not: sending again would not change the answer.
 */
export function isNetworkLike(error: unknown): boolean {
  if (error instanceof ApiError) return error.isNetworkError;
  if (error instanceof ChatStreamError || error instanceof StreamIdleError) return false;
  if (error instanceof DOMException && error.name === "AbortError") return false;
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return /fetch|network|timeout|Failed/i.test(text);
}
