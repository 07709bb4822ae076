// GET /api/conversations/:id/export: the whole conversation as a Markdown file, saved by the browser.
// The saving code loads with the first export, not with the chat.
import { useMutation } from "@tanstack/react-query";

export const exportConversation = async (id: string) => {
  const { saveApiFile } = await import("@/lib/save-file");
  await saveApiFile(`/api/conversations/${encodeURIComponent(id)}/export`, "conversation.md");
};

export function useExportConversation() {
  return useMutation({ mutationFn: exportConversation });
}
