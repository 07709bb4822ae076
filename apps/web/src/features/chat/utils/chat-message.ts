// The chat message held on the page (spec §3 "Chat message (local)"), and how stored messages and
// attached files map onto it.
import type { Source, StoredMessage, ToolStep } from "@tessera/contracts";

// The server reads the same format (a conversation's title, Tessera Local's first source).
export { composeMessage, splitAttachments, type TextAttachment } from "@tessera/contracts";

export interface ChatImage {
  id: string;
  url: string;
  name?: string;
}

export interface ChatMessage {
  /** Stable on the page: a streamed answer keeps the key it had while streaming. */
  id: string;
  /** The server's id, where it is not `id` (an answer streamed here, once stored). */
  storedId?: string;
  role: "user" | "assistant";
  content: string;
  /** ISO date. */
  timestamp: string;
  tokens: number | null;
  model: string | null;
  images: ChatImage[];
  sources: Source[];
  /** Revealed by the typewriter (classic interface, answers that arrive during this visit). */
  reveal?: boolean;
  /** An answer regenerated in place of others to its question, which can be read again. */
  hasEarlier?: boolean;
  /** The server's ids of the versions of this turn, oldest first, when there is more than one. */
  versions?: string[];
  /** Before its first words, where an answer stands ("Waiting for the local model: 2 ahead"). */
  status?: string;
  /** The tools the model called while answering, in order (a call waiting for approval included). */
  toolSteps?: ToolStep[];
  /** The server's id of an answer while it is written here (its start event): approvals name it. */
  answerId?: string;
  /** Why a stored answer ended in error, in the server's English; the page words it again. */
  error?: string;
}

export function fromStoredMessage(message: StoredMessage): ChatMessage {
  return {
    id: message.id,
    role: message.role,
    content: message.content,
    timestamp: message.created_at,
    tokens: message.tokens_used,
    model: message.model,
    images: message.images.map((image) => ({ ...image })),
    sources: message.sources,
    ...(message.has_earlier ? { hasEarlier: true } : {}),
    ...(message.versions && message.versions.length > 1 ? { versions: message.versions } : {}),
    ...(message.tool_calls?.length ? { toolSteps: message.tool_calls } : {}),
    ...(message.status === "error" ? { error: message.error ?? "" } : {}),
  };
}

let counter = 0;
export const localId = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${(counter++).toString(36)}`;

/** The server's id of a message shown, or null for one the server has not confirmed storing. */
export const storedIdOf = (message: ChatMessage): string | null =>
  message.storedId ?? (STORED_ID.test(message.id) ? message.id : null);

/** The server's ids are UUIDs; the page's own (localId) are not. */
const STORED_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
