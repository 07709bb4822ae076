// Background imports as rows, so any server process can answer how one is going; only the process
// that holds the uploaded file works on it, and marks its progress as it goes.
import type { ImportJob, ImportResult } from "@tessera/contracts";
import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { importJobs } from "../../db/schema";
import { notFound } from "../../lib/errors";

/** A job not touched for this long had its process stop under it: it is shown as failed. */
export const IMPORT_JOB_STALE_MS = 2 * 60_000;

export async function createImportJob(db: Database, userId: string): Promise<string> {
  const [row] = await db.insert(importJobs).values({ userId }).returning({ id: importJobs.id });
  return row!.id;
}

export async function updateImportJob(
  db: Database,
  id: string,
  change: Partial<{
    status: ImportJob["status"];
    progress: number;
    imported: number;
    result: ImportResult;
    error: string;
  }>,
): Promise<void> {
  await db
    .update(importJobs)
    .set({ ...change, updatedAt: sql`now()` })
    .where(eq(importJobs.id, id));
}

export async function getImportJob(db: Database, userId: string, id: string): Promise<ImportJob> {
  const [row] = await db
    .select()
    .from(importJobs)
    .where(and(eq(importJobs.id, id), eq(importJobs.userId, userId)));
  if (!row) throw notFound("Import not found.");
  const running = row.status === "checking" || row.status === "importing";
  const stale = running && Date.now() - row.updatedAt.getTime() > IMPORT_JOB_STALE_MS;
  return {
    id: row.id,
    status: stale ? "failed" : row.status,
    progress: row.progress,
    imported: row.imported,
    result: (row.result as ImportResult | null) ?? null,
    error: stale ? "The server stopped during the import. Check your chats, then import again." : row.error,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
