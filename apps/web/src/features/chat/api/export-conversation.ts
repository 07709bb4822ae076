// GET /api/conversations/:id/export: the whole conversation as a Markdown file, saved by the browser.
import { useMutation } from "@tanstack/react-query";
import { saveApiFile } from "@/lib/save-file";

export const exportConversation = (id: string) =>
  saveApiFile(`/api/conversations/${encodeURIComponent(id)}/export`, "conversation.md");

export function useExportConversation() {
  return useMutation({ mutationFn: exportConversation });
}
