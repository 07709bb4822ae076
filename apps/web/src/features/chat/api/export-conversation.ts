// GET /api/conversations/:id/export: the whole conversation as a Markdown file, saved by the browser.
import { useMutation } from "@tanstack/react-query";
import { apiFile } from "@/lib/api-client";
import { saveBlob } from "@/lib/save-file";

export async function exportConversation(id: string): Promise<void> {
  const { blob, fileName } = await apiFile(`/api/conversations/${encodeURIComponent(id)}/export`);
  saveBlob(blob, fileName ?? "conversation.md");
}

export function useExportConversation() {
  return useMutation({ mutationFn: exportConversation });
}
