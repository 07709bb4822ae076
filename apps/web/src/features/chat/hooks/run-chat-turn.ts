// One turn of the conversation (spec §4 "Chat send"): upload the pictures, open the stream, follow its
// events, retry a connection failure twice (1 s, then 2 s), and report how it ended. Plain async code
// with callbacks, so the hook that holds the page's state stays small.
import { CHAT_ERROR_MESSAGES, type ChatStreamEvent, type Source } from "@tessera/contracts";
import { sleep } from "@/lib/sleep";
import { toast } from "@/lib/toast";
import { uploadChatImage } from "../api/upload-chat-image";
import {
  CHAT_MAX_ATTEMPTS,
  CHAT_RETRY_DELAYS_MS,
  ChatStreamError,
  isNetworkLike,
} from "../utils/chat-errors";
import type { ChatImage } from "../utils/chat-message";

export interface TurnCallbacks {
  /** The server stored the turn: its conversation (new or not) and the answer's id (Stop names it). */
  onStart(conversationId: string, answerId: string): void;
  /** The answer so far, after every chunk. */
  onText(text: string): void;
  /** Before the first words: where the answer stands (its place in a local model's line). */
  onStatus?(message: string): void;
  /** The pictures as stored by the server (or none, when the upload failed). */
  onImages(images: ChatImage[]): void;
}

export type TurnResult =
  | { kind: "complete"; text: string; tokens: number; sources: Source[]; messageId: string }
  | { kind: "stopped"; text: string }
  /** `text` is what arrived before the failure; the server keeps it, and the conversation with it. */
  | { kind: "failed"; error: unknown; text: string };

export interface TurnInput {
  /** Opens the answer's stream (a message, or a regenerate), given the uploaded pictures. */
  stream(images: { id: string }[], signal: AbortSignal): AsyncIterable<ChatStreamEvent>;
  images: { file: File; name: string }[];
  signal: AbortSignal;
  /** True once the person pressed Stop (as opposed to leaving the page). */
  stopped: () => boolean;
}

async function uploadImages(input: TurnInput, callbacks: TurnCallbacks) {
  if (input.images.length === 0) return [];
  try {
    const uploaded = await Promise.all(input.images.map((i) => uploadChatImage(i.file, input.signal)));
    callbacks.onImages(uploaded.map((u, n) => ({ id: u.id, url: u.url, name: input.images[n]?.name })));
    return uploaded.map((u) => ({ id: u.id }));
  } catch (error) {
    if (input.signal.aborted) throw error;
    toast.error("Image upload failed", {
      description: "Could not upload images. Continuing with text only.",
    });
    callbacks.onImages([]);
    return [];
  }
}

export async function runChatTurn(input: TurnInput, callbacks: TurnCallbacks): Promise<TurnResult> {
  let text = "";
  try {
    const images = await uploadImages(input, callbacks);
    for (let attempt = 1; ; attempt++) {
      let started = false;
      try {
        for await (const event of input.stream(images, input.signal)) {
          started = true;
          if (event.type === "start") callbacks.onStart(event.conversationId, event.messageId);
          else if (event.type === "chunk") callbacks.onText((text += event.content));
          else if (event.type === "status") callbacks.onStatus?.(event.message);
          else if (event.type === "error") throw new ChatStreamError(event.error, event.message);
          else {
            return {
              kind: "complete",
              text,
              tokens: event.outputTokens,
              sources: event.sources,
              messageId: event.messageId,
            };
          }
        }
        // The stream closed without its closing event.
        throw new ChatStreamError(
          "STREAM_ENDED",
          started ? CHAT_ERROR_MESSAGES.failed : "Failed to start stream",
        );
      } catch (error) {
        // Once the server answered, it has stored the message: sending it again would duplicate it.
        if (input.signal.aborted || started || !isNetworkLike(error) || attempt >= CHAT_MAX_ATTEMPTS)
          throw error;
        toast.warning("Connection issue", {
          description: `Retrying... (${attempt + 1}/${CHAT_MAX_ATTEMPTS})`,
        });
        await sleep(CHAT_RETRY_DELAYS_MS[attempt - 1] ?? 2000, input.signal);
        if (input.signal.aborted) throw error;
      }
    }
  } catch (error) {
    if (input.stopped()) return { kind: "stopped", text };
    return { kind: "failed", error, text };
  }
}
