// ChatGPT's data export (conversations.json): each conversation is a tree of `mapping` nodes, every
// regenerated answer or edited question a branch. The branch kept is the one that was current: from
// `current_node` up through each `parent` to the root.
import {
  dateOf,
  finish,
  isRecord,
  textMessage,
  type ImportedConversation,
  type ImportedMessage,
  type Tally,
} from "./imported";

export const isChatGptConversation = (raw: unknown) => isRecord(raw) && isRecord(raw.mapping);

export function readChatGptConversation(raw: unknown, tally: Tally): ImportedConversation | null {
  if (!isRecord(raw) || !isRecord(raw.mapping)) {
    tally.skip("unreadable");
    return null;
  }
  const mapping = raw.mapping;
  const started = dateOf(raw.create_time);
  const messages: ImportedMessage[] = [];
  for (const id of currentBranch(mapping, raw.current_node)) {
    const message = (mapping[id] as { message?: unknown }).message;
    if (!isRecord(message)) continue; // the tree's empty root
    const kept = readMessage(message, started, tally);
    if (kept) messages.push(kept);
  }
  return finish(
    { title: raw.title, createdAt: started, updatedAt: dateOf(raw.update_time) },
    messages,
    tally,
  );
}

/** Node ids from the root down to the current node; a cycle or a dangling parent ends the walk. */
function currentBranch(mapping: Record<string, unknown>, current: unknown): string[] {
  let id = typeof current === "string" && isRecord(mapping[current]) ? current : lastLeaf(mapping);
  const path: string[] = [];
  const seen = new Set<string>();
  while (id && isRecord(mapping[id]) && !seen.has(id)) {
    seen.add(id);
    path.push(id);
    const parent = (mapping[id] as { parent?: unknown }).parent;
    id = typeof parent === "string" ? parent : null;
  }
  return path.reverse();
}

/** Without a current node: down from the root, always the newest child. */
function lastLeaf(mapping: Record<string, unknown>): string | null {
  const root = Object.keys(mapping).find((id) => {
    const parent = (mapping[id] as { parent?: unknown }).parent;
    return typeof parent !== "string" || !isRecord(mapping[parent]);
  });
  let id = root ?? null;
  for (let depth = 0; id && depth < 100_000; depth++) {
    const children = (mapping[id] as { children?: unknown }).children;
    const next = Array.isArray(children)
      ? (children as unknown[]).findLast((c) => typeof c === "string" && isRecord(mapping[c]))
      : undefined;
    if (typeof next !== "string") break;
    id = next;
  }
  return id;
}

function readMessage(
  message: Record<string, unknown>,
  fallback: Date | null,
  tally: Tally,
): ImportedMessage | null {
  const role = isRecord(message.author) ? message.author.role : undefined;
  const metadata = isRecord(message.metadata) ? message.metadata : {};
  const content = isRecord(message.content) ? message.content : {};
  // Tool calls are assistant messages addressed to a tool; their output comes back as role "tool".
  const toTool = typeof message.recipient === "string" && message.recipient !== "all";
  if (
    (role !== "user" && role !== "assistant") ||
    toTool ||
    metadata.is_visually_hidden_from_conversation === true ||
    (content.content_type !== "text" && content.content_type !== "multimodal_text")
  ) {
    tally.skip("hidden");
    return null;
  }
  const parts = Array.isArray(content.parts) ? content.parts : [];
  const texts = parts.filter((p): p is string => typeof p === "string");
  tally.skip("attachments", parts.length - texts.length);
  return textMessage(tally, {
    role,
    text: texts.join("\n"),
    model: metadata.model_slug,
    createdAt: dateOf(message.create_time) ?? fallback ?? new Date(0),
    status: message.status === "in_progress" ? "interrupted" : "complete",
  });
}
