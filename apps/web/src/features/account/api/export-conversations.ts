// GET /api/conversations/export: every conversation with its messages, one JSON file saved by the browser.
import { useMutation } from "@tanstack/react-query";
import { apiFile } from "@/lib/api-client";
import { saveBlob } from "@/lib/save-file";

export async function exportAllConversations(): Promise<void> {
  const { blob, fileName } = await apiFile("/api/conversations/export");
  saveBlob(blob, fileName ?? "tessera-conversations.json");
}

export function useExportAllConversations() {
  return useMutation({ mutationFn: exportAllConversations });
}
