// A voice_overs row as the client sees it (contracts' VoiceOver): the script's first words, the stored
// file as its same-origin URL, the date as an ISO string.
import type { VoiceId, VoiceOver } from "@tessera/contracts";
import type { voiceOvers } from "../../db/schema";
import type { Storage } from "../../providers/storage/storage";

export type VoiceOverRow = typeof voiceOvers.$inferSelect;

const EXCERPT_MAX = 140;

/** The script's first words, cut at a word boundary. */
export function excerptOf(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= EXCERPT_MAX) return flat;
  const cut = flat.slice(0, EXCERPT_MAX);
  const space = cut.lastIndexOf(" ");
  return `${(space > EXCERPT_MAX / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.-]+$/, "")}…`;
}

export function toVoiceOver(row: VoiceOverRow, storage: Storage): VoiceOver {
  return {
    id: row.id,
    voice: row.voice as VoiceId,
    fileName: row.fileName,
    excerpt: excerptOf(row.text),
    characters: row.text.length,
    durationMs: row.durationMs,
    bytes: row.bytes,
    provider: row.provider,
    url: storage.publicUrl(row.storageKey),
    createdAt: row.createdAt.toISOString(),
  };
}
