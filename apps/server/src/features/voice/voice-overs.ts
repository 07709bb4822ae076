// One's kept voice-overs: listed newest first, read back with their audio, deleted. Every query is
// scoped to the caller; someone else's id is "not found".
import type { TextToVoiceResponse, VoiceOver } from "@tessera/contracts";
import { and, desc, eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { voiceOvers } from "../../db/schema";
import { AppError, notFound } from "../../lib/errors";
import type { Logger } from "../../lib/logger";
import type { Storage } from "../../providers/storage/storage";
import { toVoiceOver, type VoiceOverRow } from "./voice-over-view";

const LIST_LIMIT = 50;

export async function listVoiceOvers(
  deps: { db: Database; storage: Storage },
  userId: string,
): Promise<VoiceOver[]> {
  const rows = await deps.db
    .select()
    .from(voiceOvers)
    .where(eq(voiceOvers.userId, userId))
    .orderBy(desc(voiceOvers.createdAt), desc(voiceOvers.id))
    .limit(LIST_LIMIT);
  return rows.map((r) => toVoiceOver(r, deps.storage));
}

async function ownRow(db: Database, userId: string, id: string): Promise<VoiceOverRow> {
  const [row] = await db
    .select()
    .from(voiceOvers)
    .where(and(eq(voiceOvers.id, id), eq(voiceOvers.userId, userId)));
  if (!row) throw notFound("No such voice-over.");
  return row;
}

/** The MP3 of one's voice-over, with the name it downloads as. */
export async function readVoiceOverAudio(
  deps: { db: Database; storage: Storage },
  userId: string,
  id: string,
): Promise<{ row: VoiceOverRow; mp3: Uint8Array }> {
  const row = await ownRow(deps.db, userId, id);
  const mp3 = await deps.storage.get(row.storageKey).catch((cause: unknown) => {
    throw new AppError("NOT_FOUND", "The audio of this voice-over is missing.", { cause });
  });
  return { row, mp3 };
}

/** One voice-over as a fresh generation answers it: the audio inline as base64. */
export async function getVoiceOver(
  deps: { db: Database; storage: Storage },
  userId: string,
  id: string,
): Promise<TextToVoiceResponse> {
  const { row, mp3 } = await readVoiceOverAudio(deps, userId, id);
  return { ...toVoiceOver(row, deps.storage), audioContent: Buffer.from(mp3).toString("base64") };
}

export async function deleteVoiceOver(
  deps: { db: Database; storage: Storage; logger: Logger },
  userId: string,
  id: string,
): Promise<void> {
  const [row] = await deps.db
    .delete(voiceOvers)
    .where(and(eq(voiceOvers.id, id), eq(voiceOvers.userId, userId)))
    .returning({ storageKey: voiceOvers.storageKey });
  if (!row) throw notFound("No such voice-over.");
  // The row is gone either way; a file left behind is logged for the operator, not shown as a failure.
  await deps.storage.remove(row.storageKey).catch((err: unknown) => {
    deps.logger.warn(
      { event: "voice.file_remove_failed", voiceOverId: id, err },
      "voice-over file not removed",
    );
  });
}
