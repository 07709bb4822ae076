// What reads the connected providers, read again after a change: apart from the connections' schemas,
// so the chat's "Connect a model" card can refresh without them.
import type { QueryClient } from "@tanstack/react-query";

/** A connection or a catalogue choice changed: the pickers, the catalogue and the public config follow. */
export function refreshConnected(queryClient: QueryClient) {
  const read = [
    "admin-connections",
    "admin-models",
    "models",
    "image-models",
    "voices",
    "transcription-status",
    "public-config",
  ];
  for (const key of read) void queryClient.invalidateQueries({ queryKey: [key] });
}
