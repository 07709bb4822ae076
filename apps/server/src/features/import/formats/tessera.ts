// Tessera's own export (GET /api/conversations/export): read back exactly, so a round trip keeps
// titles, models, times, sources, image references, statuses and branches. Fields it does not know (a later
// version's, such as tool calls) are passed over.
import { conversationsExportSchema } from "@tessera/contracts";
import { cleanText, type ImportedConversation, type Tally } from "./imported";

const conversationSchema = conversationsExportSchema.shape.conversations.element;

export function readTesseraConversation(raw: unknown, tally: Tally): ImportedConversation | null {
  const parsed = conversationSchema.safeParse(raw);
  if (!parsed.success) {
    tally.skip("unreadable");
    return null;
  }
  const c = parsed.data;
  const times = [c.created_at, c.updated_at, ...c.messages.map((m) => m.created_at)];
  if (times.some((t) => Number.isNaN(Date.parse(t)))) {
    tally.skip("unreadable");
    return null;
  }
  if (c.messages.length === 0) {
    tally.skip("noMessages");
    return null;
  }
  return {
    title: cleanText(c.title),
    model: c.model,
    createdAt: new Date(c.created_at),
    updatedAt: new Date(c.updated_at),
    messages: c.messages.map((m) => ({
      role: m.role,
      content: cleanText(m.content),
      model: m.model,
      createdAt: new Date(m.created_at),
      tokensUsed: m.tokens_used,
      sources: m.sources,
      images: m.images,
      // Nothing writes an imported answer any more: one that was streaming stopped where it was.
      status: m.status === "streaming" ? "interrupted" : (m.status ?? "complete"),
      ...(m.tool_calls?.length ? { toolCalls: m.tool_calls } : {}),
      ...(m.parent_id !== undefined
        ? { tree: { id: m.id, parentId: m.parent_id, replacedBy: m.replaced_by ?? null } }
        : {}),
    })),
  };
}
