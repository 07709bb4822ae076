// The two passes over an uploaded export. The first reads the whole file and counts (the preview),
// so a bad or foreign file is refused before anything is written. The second writes it in batches,
// each batch one transaction: a failure there rolls back its batch, and what the batches before it
// wrote stays (the job reports how many).
import { randomUUID } from "node:crypto";
import type { ImportFormat, ImportPreview, ImportResult } from "@tessera/contracts";
import { sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { conversations, messages } from "../../db/schema";
import { AppError } from "../../lib/errors";
import { Tally, type ImportedConversation } from "./formats/imported";
import { openImportFile } from "./open-import-file";
import { foreignFile, readConversations } from "./read-conversations";

export interface ImportFile {
  path: string;
  bytes: number;
}

/** Fraction of the file read so far, 0 to 1. */
export type Progress = (fraction: number) => Promise<void> | void;

async function* conversationsOf(
  file: ImportFile,
  tally: Tally,
  formatSeen: (f: ImportFormat) => void,
  progress?: Progress,
) {
  const opened = await openImportFile(file.path, file.bytes);
  const { stream } = opened;
  try {
    for await (const conversation of readConversations(stream, tally, formatSeen)) {
      yield conversation;
      await progress?.(Math.min(1, opened.read() / file.bytes));
    }
  } catch (err) {
    // A zip entry that does not inflate, say: the file's fault, not the server's.
    if (err instanceof AppError) throw err;
    throw new AppError("BAD_REQUEST", "This file could not be read. Nothing was imported.", { cause: err });
  } finally {
    stream.destroy();
  }
}

export async function previewImport(file: ImportFile, progress?: Progress): Promise<ImportPreview> {
  const tally = new Tally();
  let format: ImportFormat | null = null;
  let count = 0;
  let messageCount = 0;
  let from: Date | null = null;
  let to: Date | null = null;
  const models = new Map<string, number>();
  for await (const c of conversationsOf(file, tally, (f) => (format = f), progress)) {
    count++;
    messageCount += c.messages.length;
    for (const m of c.messages) {
      if (!from || m.createdAt < from) from = m.createdAt;
      if (!to || m.createdAt > to) to = m.createdAt;
      if (m.model) models.set(m.model, (models.get(m.model) ?? 0) + 1);
    }
  }
  if (!format) throw foreignFile();
  return {
    format,
    conversations: count,
    messages: messageCount,
    models: [...models].sort((a, b) => b[1] - a[1]).map(([name]) => name),
    from: from?.toISOString() ?? null,
    to: to?.toISOString() ?? null,
    skipped: tally.list(),
  };
}

/** A batch closes at this many conversations or messages, whichever comes first. */
const BATCH_CONVERSATIONS = 200;
const BATCH_MESSAGES = 5_000;
/** Rows per INSERT, well inside PostgreSQL's 65,535 parameters a statement. */
const ROWS_PER_INSERT = 1_000;

export async function writeImport(
  db: Database,
  userId: string,
  file: ImportFile,
  hooks: {
    progress?: Progress;
    written?: (imported: number) => Promise<void> | void;
    /** Conversations an earlier try wrote: the file is read in the same order, so they are passed over. */
    skip?: number;
    /** Checked between batches: a cut-short try stops at a batch's edge. */
    signal?: AbortSignal;
  } = {},
): Promise<ImportResult> {
  const tally = new Tally();
  let format: ImportFormat | null = null;
  let imported = 0;
  let messageCount = 0;
  let batch: ImportedConversation[] = [];
  let batchMessages = 0;
  const skip = hooks.skip ?? 0;
  let seen = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    hooks.signal?.throwIfAborted();
    await writeBatch(db, userId, batch);
    imported += batch.length;
    messageCount += batchMessages;
    batch = [];
    batchMessages = 0;
    await hooks.written?.(imported);
  };
  for await (const c of conversationsOf(file, tally, (f) => (format = f), hooks.progress)) {
    if (seen++ < skip) {
      imported++;
      messageCount += c.messages.length;
      continue;
    }
    batch.push(c);
    batchMessages += c.messages.length;
    if (batch.length >= BATCH_CONVERSATIONS || batchMessages >= BATCH_MESSAGES) await flush();
  }
  await flush();
  if (!format) throw foreignFile();
  return { format, imported, messages: messageCount, skipped: tally.list() };
}

async function writeBatch(db: Database, userId: string, batch: ImportedConversation[]) {
  await db.transaction(async (tx) => {
    // Ids made here, so each message is tied to its conversation without relying on RETURNING's order.
    const ids = batch.map(() => randomUUID());
    await tx.insert(conversations).values(
      batch.map((c, i) => ({
        id: ids[i]!,
        userId,
        title: c.title,
        model: c.model,
        createdAt: c.createdAt,
        updatedAt: c.updatedAt,
      })),
    );
    const all = batch.flatMap((c, i) =>
      treeOf(c).map((m) => ({
        conversationId: ids[i]!,
        userId,
        role: m.role,
        content: m.content,
        model: m.model,
        tokensUsed: m.tokensUsed,
        status: m.status,
        sources: m.sources,
        images: m.images,
        toolCalls: m.toolCalls ?? null,
        createdAt: m.createdAt,
        id: m.id,
        parentId: m.parentId,
        replacedBy: m.replacedBy,
      })),
    );
    for (let i = 0; i < all.length; i += ROWS_PER_INSERT)
      await tx.insert(messages).values(all.slice(i, i + ROWS_PER_INSERT));
  });
}

/**
 * A conversation's messages with new ids and their places in its tree: as the file says (its ids
 * renamed) where it says so, else each following the one before. A message follows only one listed
 * before it, so every parent is written first; one out of sight stays so, even if what put it there
 * is not in the file. Times as the file says, in its order.
 */
function treeOf(c: ImportedConversation) {
  const renamed = new Map<string, string>();
  const newId = (old: string) => {
    let id = renamed.get(old);
    if (!id) renamed.set(old, (id = randomUUID()));
    return id;
  };
  const written = new Set<string>();
  let previous: string | null = null;
  // The file's order is kept: a message no later than the one before (times in a file stop at the
  // millisecond; a question and its answer are a microsecond apart) is written a microsecond after it.
  let lastMs = -Infinity;
  let later = 0;
  const timeOf = (at: Date) => {
    if (at.getTime() > lastMs) {
      lastMs = at.getTime();
      later = 0;
      return at;
    }
    later++;
    return sql`${new Date(lastMs).toISOString()}::timestamptz + make_interval(secs => ${later / 1e6})`;
  };
  return c.messages.map((m) => {
    const id = m.tree ? newId(m.tree.id) : randomUUID();
    const parentId = m.tree
      ? m.tree.parentId !== null && written.has(newId(m.tree.parentId))
        ? newId(m.tree.parentId)
        : null
      : previous;
    const replacedBy = m.tree?.replacedBy ? newId(m.tree.replacedBy) : null;
    written.add(id);
    previous = id;
    return { ...m, id, parentId, replacedBy, createdAt: timeOf(m.createdAt) };
  });
}
