// What a model that runs on this server says before its first word: how many answers are ahead in
// its line, that it is loading, or that it is reading a long message. It travels in the model's own
// stream as a `raw` part (the provider interface's slot for provider-specific data; remote providers
// send raw parts only when asked, and nobody asks), so that the chat can show it and so that the
// stream's idle timeout hears the model is alive.
import type { LanguageModelV3StreamPart } from "@ai-sdk/provider";
import { LOCAL_MODEL_LOADING_TEXT, LOCAL_MODEL_READING_TEXT, localModelWaitText } from "@tessera/contracts";

export type ModelStatus = { kind: "queued"; ahead: number } | { kind: "loading" } | { kind: "reading" };

const KEY = "tesseraStatus";

export const statusPart = (status: ModelStatus): LanguageModelV3StreamPart => ({
  type: "raw",
  rawValue: { [KEY]: status },
});

/** The status a raw part carries, or null for any other raw part. */
export function statusOf(part: Extract<LanguageModelV3StreamPart, { type: "raw" }>): ModelStatus | null {
  const value = (part.rawValue as Record<string, unknown> | null)?.[KEY] as ModelStatus | undefined;
  return value && typeof value === "object" && typeof value.kind === "string" ? value : null;
}

/** The words a waiting person reads. */
export function statusText(status: ModelStatus): string {
  if (status.kind === "queued") return localModelWaitText(status.ahead);
  return status.kind === "loading" ? LOCAL_MODEL_LOADING_TEXT : LOCAL_MODEL_READING_TEXT;
}
