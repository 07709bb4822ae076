// LibreChat's conversation export: one conversation per file, its messages either as a list linked by
// parentMessageId (`messages`) or nested under `children` (`messagesTree`). Nothing marks the branch
// on screen, so the one kept ends at the newest message.
import {
  dateOf,
  finish,
  isRecord,
  textMessage,
  type ImportedConversation,
  type ImportedMessage,
  type Tally,
} from "./imported";

export interface LibreChatHead {
  title?: unknown;
  createdAt?: unknown;
  updatedAt?: unknown;
}

export function readLibreChatConversation(
  head: LibreChatHead,
  raw: unknown[],
  tally: Tally,
): ImportedConversation | null {
  const all: Record<string, unknown>[] = [];
  const flatten = (list: unknown[]) => {
    for (const m of list)
      if (isRecord(m)) {
        all.push(m);
        if (Array.isArray(m.children)) flatten(m.children);
      }
  };
  flatten(raw);
  const byId = new Map(
    all.filter((m) => typeof m.messageId === "string").map((m) => [m.messageId as string, m]),
  );
  const newest = all.reduce<Record<string, unknown> | null>(
    (best, m) =>
      !best || (dateOf(m.createdAt)?.getTime() ?? 0) >= (dateOf(best.createdAt)?.getTime() ?? 0) ? m : best,
    null,
  );
  const path: Record<string, unknown>[] = [];
  const seen = new Set<unknown>();
  for (let m = newest; m && !seen.has(m); m = byId.get(m.parentMessageId as string) ?? null) {
    seen.add(m);
    path.push(m);
  }
  const started = dateOf(head.createdAt);
  const messages = path
    .reverse()
    .map((m) => readMessage(m, started, tally))
    .filter((m): m is ImportedMessage => m !== null);
  return finish(
    { title: head.title, createdAt: started, updatedAt: dateOf(head.updatedAt) },
    messages,
    tally,
  );
}

function readMessage(
  m: Record<string, unknown>,
  fallback: Date | null,
  tally: Tally,
): ImportedMessage | null {
  const role = m.isCreatedByUser === true ? "user" : "assistant";
  let text = typeof m.text === "string" ? m.text : "";
  // Agents' messages keep their text in content parts, the text field empty.
  if (!text.trim() && Array.isArray(m.content)) {
    const parts = m.content.filter(isRecord);
    text = parts
      .filter((p) => p.type === "text" && typeof p.text === "string")
      .map((p) => p.text as string)
      .join("\n");
    tally.skip("hidden", parts.filter((p) => p.type === "tool_call").length);
  }
  tally.skip("attachments", Array.isArray(m.files) ? m.files.length : 0);
  return textMessage(tally, {
    role,
    text,
    model: m.model,
    createdAt: dateOf(m.createdAt) ?? fallback ?? new Date(0),
    tokensUsed: typeof m.tokenCount === "number" && role === "assistant" ? Math.round(m.tokenCount) : null,
    status: m.error === true ? "error" : m.unfinished === true ? "interrupted" : "complete",
  });
}
