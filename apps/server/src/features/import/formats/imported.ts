// The one shape every format is read into before anything is written: a conversation with the
// messages of its current branch (Tessera's own export: of every branch), oldest first, and a tally of what was left out and why.
import {
  CONVERSATION_TITLE_MAX,
  oneLine,
  type ImportSkip,
  type ImportSkipCode,
  type Source,
  type ToolStep,
} from "@tessera/contracts";

export interface ImportedMessage {
  role: "user" | "assistant";
  content: string;
  model: string | null;
  createdAt: Date;
  tokensUsed: number | null;
  sources: Source[];
  images: { id: string; url: string }[];
  status: "complete" | "interrupted" | "error";
  /** The tools an answer called (Tessera's own export only). */
  toolCalls?: ToolStep[];
  /**
   * Where it stands in its conversation's tree, by the ids of the file (Tessera's own export, which
   * keeps every branch): the message it follows, and the one whose version put it out of sight.
   * Without it, each message follows the one before.
   */
  tree?: { id: string; parentId: string | null; replacedBy: string | null };
}

export interface ImportedConversation {
  title: string;
  model: string | null;
  createdAt: Date;
  updatedAt: Date;
  messages: ImportedMessage[];
}

/**
 * Reasons things are left out, counted: the preview and the result list them, each by its code (the
 * web app words it in the reader's language) and in English (what API callers read).
 */
export const SKIP: Record<ImportSkipCode, string> = {
  hidden: "System, tool and hidden messages",
  empty: "Messages with no text",
  attachments: "Images and files inside messages (their text is kept)",
  noMessages: "Conversations with no messages",
  unreadable: "Conversations in a shape that could not be read",
};

export class Tally {
  readonly counts = new Map<ImportSkipCode, number>();
  skip(code: ImportSkipCode, n = 1) {
    if (n > 0) this.counts.set(code, (this.counts.get(code) ?? 0) + n);
  }
  list(): ImportSkip[] {
    return [...this.counts].map(([code, count]) => ({ code, reason: SKIP[code], count }));
  }
}

/** PostgreSQL refuses NUL in text; nothing else in a message is changed. */
export const cleanText = (text: string) => text.replace(/\0/g, "");

export function titleOf(raw: unknown): string {
  const title = typeof raw === "string" ? oneLine(cleanText(raw)).trim() : "";
  return [...(title || "Imported conversation")].slice(0, CONVERSATION_TITLE_MAX).join("");
}

/**
 * A message of the other tools' exports as Tessera keeps it: its text cleaned, or null (counted as
 * empty) when none is left; the model only on answers; no sources or images (they do not carry over).
 */
export function textMessage(
  tally: Tally,
  m: {
    role: "user" | "assistant";
    text: string;
    model: unknown;
    createdAt: Date;
    tokensUsed?: number | null;
    status: ImportedMessage["status"];
  },
): ImportedMessage | null {
  const content = cleanText(m.text).trim();
  if (!content) {
    tally.skip("empty");
    return null;
  }
  return {
    role: m.role,
    content,
    model: m.role === "assistant" && typeof m.model === "string" ? m.model : null,
    createdAt: m.createdAt,
    tokensUsed: m.tokensUsed ?? null,
    sources: [],
    images: [],
    status: m.status,
  };
}

/** Seconds or milliseconds since 1970, or an ISO string; null when it is none of them. */
export function dateOf(raw: unknown): Date | null {
  let date: Date | null = null;
  if (typeof raw === "number" && Number.isFinite(raw)) date = new Date(raw > 1e11 ? raw : raw * 1000);
  else if (typeof raw === "string" && raw.trim() !== "") date = new Date(raw);
  return date && !Number.isNaN(date.getTime()) ? date : null;
}

export const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * A conversation ready to write, or null (counted) when none of its messages were kept. Messages are
 * shown in (time, id) order, so a message stamped no later than the one before it (two in the same
 * second) is moved a millisecond after it.
 */
export function finish(
  fields: { title: unknown; model?: string | null; createdAt: Date | null; updatedAt: Date | null },
  messages: ImportedMessage[],
  tally: Tally,
): ImportedConversation | null {
  if (messages.length === 0) {
    tally.skip("noMessages");
    return null;
  }
  for (let i = 1; i < messages.length; i++) {
    const before = messages[i - 1]!.createdAt.getTime();
    if (messages[i]!.createdAt.getTime() <= before) messages[i]!.createdAt = new Date(before + 1);
  }
  const createdAt = fields.createdAt ?? messages[0]!.createdAt;
  const last = messages.at(-1)!.createdAt;
  const updatedAt = fields.updatedAt && fields.updatedAt >= last ? fields.updatedAt : last;
  const model =
    fields.model !== undefined
      ? fields.model
      : (messages.findLast((m) => m.role === "assistant" && m.model)?.model ?? null);
  return { title: titleOf(fields.title), model, createdAt, updatedAt, messages };
}
