// GET /api/conversations/export: every conversation with its messages, one JSON file saved by the browser.
import { useMutation } from "@tanstack/react-query";
import { saveApiFile } from "@/lib/save-file";

export const exportAllConversations = () =>
  saveApiFile("/api/conversations/export", "tessera-conversations.json");

export function useExportAllConversations() {
  return useMutation({ mutationFn: exportAllConversations });
}
