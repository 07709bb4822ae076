// Open WebUI's chat export: an array of chats, each with `chat.history.messages` (a map of messages
// linked by parentId) and `chat.history.currentId`, the message the chat was showing. Older exports
// carry only `chat.messages`, the current branch as a list.
import {
  dateOf,
  finish,
  isRecord,
  textMessage,
  type ImportedConversation,
  type ImportedMessage,
  type Tally,
} from "./imported";

export const isOpenWebUiChat = (raw: unknown) =>
  isRecord(raw) && isRecord(raw.chat) && (isRecord(raw.chat.history) || Array.isArray(raw.chat.messages));

export function readOpenWebUiChat(raw: unknown, tally: Tally): ImportedConversation | null {
  if (!isRecord(raw) || !isRecord(raw.chat)) {
    tally.skip("unreadable");
    return null;
  }
  const chat = raw.chat;
  const started = dateOf(raw.created_at) ?? dateOf(chat.timestamp);
  const messages: ImportedMessage[] = [];
  for (const message of currentBranch(chat)) {
    const kept = readMessage(message, started, tally);
    if (kept) messages.push(kept);
  }
  const models = Array.isArray(chat.models) ? chat.models.filter((m) => typeof m === "string") : [];
  return finish(
    {
      title: raw.title ?? chat.title,
      model: messages.findLast((m) => m.model)?.model ?? models[0] ?? null,
      createdAt: started,
      updatedAt: dateOf(raw.updated_at),
    },
    messages,
    tally,
  );
}

function currentBranch(chat: Record<string, unknown>): Record<string, unknown>[] {
  const history = isRecord(chat.history) ? chat.history : null;
  const all = history && isRecord(history.messages) ? history.messages : null;
  if (!all || typeof history?.currentId !== "string")
    return Array.isArray(chat.messages) ? chat.messages.filter(isRecord) : [];
  const path: Record<string, unknown>[] = [];
  const seen = new Set<string>();
  for (let id: unknown = history.currentId; typeof id === "string" && isRecord(all[id]) && !seen.has(id);) {
    seen.add(id);
    const message = all[id] as Record<string, unknown>;
    path.push(message);
    id = message.parentId;
  }
  return path.reverse();
}

function readMessage(
  message: Record<string, unknown>,
  fallback: Date | null,
  tally: Tally,
): ImportedMessage | null {
  const role = message.role;
  if (role !== "user" && role !== "assistant") {
    tally.skip("hidden");
    return null;
  }
  tally.skip("attachments", Array.isArray(message.files) ? message.files.length : 0);
  return textMessage(tally, {
    role,
    text: typeof message.content === "string" ? message.content : "",
    model: message.model,
    createdAt: dateOf(message.timestamp) ?? fallback ?? new Date(0),
    status: message.error ? "error" : "complete",
  });
}
