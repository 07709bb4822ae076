// GET /api/conversations/:id/export: one's own conversation as a Markdown file, every message in order
// with who said it, when, and the sources of each answer.
import { modelDisplayName, type StoredMessage } from "@tessera/contracts";
import type { Database } from "../../db/client";
import { readWholeConversation } from "./conversations";

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

function section(message: StoredMessage): string {
  const parts = [
    `## ${author(message)} · ${stamp(message.created_at)}`,
    message.content.trim() || "_(no text)_",
  ];
  if (message.images.length > 0) parts.push(`_${message.images.length} attached image(s), not included._`);
  if (message.sources.length > 0)
    parts.push(
      [
        "Sources:",
        ...message.sources.map((s, i) => `${i + 1}. [${s.title.replace(/[[\]]/g, "")}](<${s.url}>)`),
      ].join("\n"),
    );
  return parts.join("\n\n");
}

export async function exportConversation(
  db: Database,
  userId: string,
  id: string,
): Promise<{ fileName: string; markdown: string }> {
  const { title, createdAt, messages } = await readWholeConversation(db, userId, id);
  const count = messages.length === 1 ? "1 message" : `${messages.length} messages`;
  const markdown = [
    `# ${title}`,
    `_Exported from Tessera on ${stamp(new Date().toISOString())}: ${count}, started ${stamp(createdAt)}._`,
    ...messages.map(section),
  ].join("\n\n");
  return { fileName: exportFileName(title), markdown: `${markdown}\n` };
}
