// GET /api/conversations/:id/export: one's own conversation as a Markdown file, every message in order
// with who said it, when, its pictures (linked where this instance serves them) and the sources of
// each answer. GET /api/conversations/export: all of them,
// with everything stored of each message, as one JSON file for a backup or another tool.
import { CONVERSATIONS_EXPORT_FORMAT, modelDisplayName, type StoredMessage } from "@tessera/contracts";
import type { Database } from "../../db/client";
import type { Logger } from "../../lib/logger";
import { everyConversation, readWholeConversation } from "./conversations";

/** "2026-11-28 02:49 UTC": the same for whoever reads the file, wherever they are. */
const stamp = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;

/** A file name from the title: letters, digits and dashes, at most 60 characters. */
export function exportFileName(title: string): string {
  const slug = title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60)
    .replace(/-+$/, "");
  return `${slug || "conversation"}.md`;
}

function author(message: StoredMessage): string {
  if (message.role === "user") return "You";
  if (!message.model) return "Assistant";
  return modelDisplayName(message.model);
}

function section(message: StoredMessage, publicUrl: string): string {
  const parts = [
    `## ${author(message)} · ${stamp(message.created_at)}`,
    message.content.trim() || "_(no text)_",
  ];
  if (message.images.length > 0)
    // A stored file's address is its own key (see /files/ in app.ts): it opens without a session.
    parts.push(
      message.images
        .map((image, i) => `![Attached image ${i + 1}](<${new URL(image.url, publicUrl).href}>)`)
        .join("\n"),
    );
  if (message.sources.length > 0)
    parts.push(
      [
        "Sources:",
        ...message.sources.map((s, i) => `${i + 1}. [${s.title.replace(/[[\]]/g, "")}](<${s.url}>)`),
      ].join("\n"),
    );
  // Tool calls as fenced text: what a tool returned is never markdown to render.
  for (const step of message.tool_calls ?? [])
    parts.push(
      [
        `Tool call: \`${step.name}\`${step.isError ? " (failed)" : ""}${step.durationMs === null ? "" : ` · ${step.durationMs} ms`}`,
        fenced(typeof step.input === "string" ? step.input : (JSON.stringify(step.input, null, 2) ?? "")),
        fenced(step.output ?? ""),
      ].join("\n"),
    );
  return parts.join("\n\n");
}

/** Text in a code fence longer than any run of backticks inside it. */
function fenced(text: string): string {
  const longest = Math.max(2, ...(text.match(/`+/g) ?? []).map((run) => run.length));
  const fence = "`".repeat(longest + 1);
  return `${fence}text\n${text}\n${fence}`;
}

export async function exportConversation(
  db: Database,
  userId: string,
  id: string,
  publicUrl: string,
): Promise<{ fileName: string; markdown: string }> {
  const { title, createdAt, messages } = await readWholeConversation(db, userId, id);
  const count = messages.length === 1 ? "1 message" : `${messages.length} messages`;
  const markdown = [
    `# ${title}`,
    `_Exported from Tessera on ${stamp(new Date().toISOString())}: ${count}, started ${stamp(createdAt)}._`,
    ...messages.map((message) => section(message, publicUrl)),
  ].join("\n\n");
  return { fileName: exportFileName(title), markdown: `${markdown}\n` };
}

/** "tessera-conversations-2026-11-28.json": the day it was made. */
export const allConversationsFileName = (now: Date) =>
  `tessera-conversations-${now.toISOString().slice(0, 10)}.json`;

/**
 * Every conversation as one JSON document (conversationsExportSchema), written a conversation at a
 * time as the reader takes it, one per line.
 */
export function exportAllConversations(
  db: Database,
  userId: string,
  now: Date,
  log: Logger,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const source = everyConversation(db, userId);
  let written = 0;
  return new ReadableStream({
    start(controller) {
      const head = { format: CONVERSATIONS_EXPORT_FORMAT, exported_at: now.toISOString() };
      controller.enqueue(encoder.encode(`${JSON.stringify(head).slice(0, -1)},"conversations":[`));
    },
    async pull(controller) {
      // Past the headers a failure can only cut the file short (the download fails): it is logged.
      const next = await source.next().catch((err: unknown) => {
        log.error({ event: "conversations.export_failed", err }, "conversations export failed");
        throw err;
      });
      if (next.done) {
        controller.enqueue(encoder.encode(`${written > 0 ? "\n" : ""}]}\n`));
        controller.close();
        return;
      }
      controller.enqueue(encoder.encode(`${written++ > 0 ? "," : ""}\n${JSON.stringify(next.value)}`));
    },
    async cancel() {
      await source.return(undefined);
    },
  });
}
