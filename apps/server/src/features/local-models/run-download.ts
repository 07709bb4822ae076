// One model's download from its first byte (or where a previous one stopped) to a ready model: the
// body is written to `<file>.part` and hashed as it comes, progress (bytes, speed) goes to the row about
// once a second with the lease, a connection that breaks is asked again from the byte it stopped at
// (HTTP Range), and the whole file is checked against its SHA-256 and read as GGUF before it takes its
// name. A download that fails leaves no partial file behind unless it can go on from there; its row
// says why either way.
import { createHash, type Hash } from "node:crypto";
import { createReadStream } from "node:fs";
import { open, rename, rm, stat } from "node:fs/promises";
import { setTimeout as sleep } from "node:timers/promises";
import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { localModels } from "../../db/schema";
import type { Logger } from "../../lib/logger";
import { NotGgufError, readGgufHeader } from "../../providers/llm/gguf/gguf-header";
import type { ModelsFolder } from "./models-folder";
import { DownloadRefusedError, openDownload, type Hub, type OpenedDownload } from "./open-download";

export type LocalModelRow = typeof localModels.$inferSelect;

export interface DownloadTimings {
  /** Time without a byte after which a connection is given up (and asked again). */
  idleMs: number;
  /** How often progress is written (and the lease renewed). */
  progressMs: number;
  leaseMs: number;
  /** Waits before each new attempt after attempts that added nothing; their count is the limit. */
  retryDelaysMs: readonly number[];
}

export interface DownloadContext {
  db: Database;
  folder: ModelsFolder;
  hub: Hub;
  logger: Logger;
  timings: DownloadTimings;
}

/** Why a download's signal was aborted: the admin cancelled it, or this process is stopping. */
export class DownloadStop extends Error {
  constructor(readonly kind: "cancel" | "shutdown") {
    super(kind === "cancel" ? "The download was cancelled." : "The server is stopping.");
  }
}

export type DownloadEnd = "ready" | "failed" | "cancelled" | "stopped";

const CHECKED_BY = { catalogue: "Tessera's catalogue gives", admin: "was given", etag: "the server named" };

const stillDownloading = (id: string) => and(eq(localModels.id, id), eq(localModels.status, "downloading"));

export async function runDownload(
  ctx: DownloadContext,
  row: LocalModelRow,
  signal: AbortSignal,
  firstOpen?: OpenedDownload,
): Promise<DownloadEnd> {
  const partial = ctx.folder.partialOf(row.file);
  const log = ctx.logger.child({ event: "local_models.download", model: row.name });
  let hash = createHash("sha256");
  // A new download starts an empty file; a resumed one goes on from what the last one kept.
  let written = firstOpen ? await emptyFile(partial) : await rehash(partial, hash);
  let size = row.sizeBytes;
  let expected = row.expectedSha256;
  let checkedBy = row.checksumSource;
  let resumable = firstOpen?.resumable ?? false;
  let best = written;
  let failures = 0;
  const progress = createProgress(ctx, row.id);
  /** Why it was given up; empty while it goes on. */
  let reason = "";
  try {
    if (!(await progress.write(written, size, true))) return await cancelled(partial);
    for (let opened = firstOpen; ; opened = undefined) {
      try {
        const current =
          opened ??
          (await openDownload(row.url!, { hub: ctx.hub, idleMs: ctx.timings.idleMs, from: written, signal }));
        if (current.from !== written) {
          // Sent whole though a part was asked for: start the file again.
          hash = createHash("sha256");
          written = await emptyFile(partial);
        }
        resumable ||= current.resumable;
        if (size !== null && current.sizeBytes !== null && current.sizeBytes !== size)
          throw new DownloadRefusedError("The file at the address changed during the download.");
        size ??= current.sizeBytes;
        if (!expected && current.etagSha256) {
          expected = current.etagSha256;
          checkedBy = "etag";
        }
        // The first response was opened by the admin's request, before this download had a signal.
        const drop = () => current.stream.close();
        signal.addEventListener("abort", drop, { once: true });
        if (signal.aborted) drop();
        const out = await open(partial, "a");
        try {
          for await (const chunk of current.chunks) {
            await out.write(chunk);
            hash.update(chunk);
            written += chunk.length;
            if (size !== null && written > size)
              throw new DownloadRefusedError("The address sent more than the file's length.");
            if (!(await progress.write(written, size))) return await cancelled(partial);
          }
        } finally {
          signal.removeEventListener("abort", drop);
          await out.close();
        }
        if (size === null || written === size) break;
        throw new Error("The address stopped sending the file before its end.");
      } catch (err) {
        if (signal.aborted) throw err;
        if (err instanceof DownloadRefusedError) {
          reason = err.message;
          resumable = false;
          break;
        }
        // An attempt that got further than any before it resets the count.
        failures = written > best ? 1 : failures + 1;
        best = Math.max(best, written);
        const message = err instanceof Error ? err.message : String(err);
        log.warn({ attempt: failures, written, err: message }, "download interrupted");
        if (failures > ctx.timings.retryDelaysMs.length) {
          reason = message;
          break;
        }
        await sleep(ctx.timings.retryDelaysMs[failures - 1], undefined, { signal });
      }
    }
    if (reason) return await fail(ctx, row, partial, written, size, reason, resumable);
    await progress.write(written, size, true);

    const sha256 = hash.digest("hex");
    if (expected && expected !== sha256) {
      const message = `The file's SHA-256 (${sha256.slice(0, 12)}…) is not the one ${CHECKED_BY[checkedBy ?? "admin"]} (${expected.slice(0, 12)}…), so it was removed.`;
      return await fail(ctx, row, partial, written, size, message, false);
    }
    let details: LocalModelRow["details"];
    try {
      const header = await readGgufHeader(partial);
      details = {
        architecture: header.architecture,
        parameters: header.sizeLabel,
        contextLength: header.contextLength,
        chatTemplate: header.chatTemplate,
      };
    } catch (err) {
      const message =
        err instanceof NotGgufError ? `${err.message} The file was removed.` : "The file could not be read.";
      return await fail(ctx, row, partial, written, size, message, false);
    }
    await rename(partial, ctx.folder.pathOf(row.file));
    const done = await ctx.db
      .update(localModels)
      .set({
        status: "ready",
        sizeBytes: written,
        downloadedBytes: written,
        bytesPerSecond: null,
        sha256,
        expectedSha256: expected,
        checksumSource: expected ? checkedBy : null,
        details,
        error: null,
        resumable: false,
        leaseUntil: null,
        updatedAt: sql`now()`,
      })
      .where(stillDownloading(row.id))
      .returning({ id: localModels.id });
    // Removed while it was being checked: nothing is kept.
    if (done.length === 0) return await cancelled(ctx.folder.pathOf(row.file));
    log.info({ bytes: written, checked: Boolean(expected) }, "download complete");
    return "ready";
  } catch (err) {
    if (!signal.aborted) throw err;
    if (signal.reason instanceof DownloadStop && signal.reason.kind === "shutdown") {
      // The next process (or this one after a restart) goes on from the partial file.
      await ctx.db
        .update(localModels)
        .set({ leaseUntil: sql`now()` })
        .where(stillDownloading(row.id));
      return "stopped";
    }
    return await cancelled(partial);
  }
}

/** Writes progress at most every `progressMs` (or now, when `force`); false once the row is gone. */
function createProgress(ctx: DownloadContext, id: string) {
  let lastAt = performance.now();
  let lastBytes: number | null = null;
  let speed: number | null = null;
  return {
    async write(bytes: number, size: number | null, force = false): Promise<boolean> {
      const now = performance.now();
      if (!force && now - lastAt < ctx.timings.progressMs) return true;
      if (lastBytes !== null && now > lastAt) {
        const latest = ((bytes - lastBytes) * 1000) / (now - lastAt);
        speed = speed === null ? latest : speed * 0.6 + latest * 0.4;
      }
      lastAt = now;
      lastBytes = bytes;
      const kept = await ctx.db
        .update(localModels)
        .set({
          downloadedBytes: bytes,
          sizeBytes: size,
          bytesPerSecond: speed,
          leaseUntil: sql`now() + ${ctx.timings.leaseMs}::int * interval '1 millisecond'`,
          updatedAt: sql`now()`,
        })
        .where(stillDownloading(id))
        .returning({ id: localModels.id });
      return kept.length > 0;
    },
  };
}

async function fail(
  ctx: DownloadContext,
  row: LocalModelRow,
  partial: string,
  written: number,
  size: number | null,
  reason: string,
  resumable: boolean,
): Promise<DownloadEnd> {
  const keep = resumable && written > 0;
  if (!keep) await rm(partial, { force: true });
  const at = size ? ` at ${Math.floor((written / size) * 100)}%` : "";
  const error = keep ? `The download stopped${at}: ${reason} Retry goes on from there.` : reason;
  await ctx.db
    .update(localModels)
    .set({
      status: "failed",
      error,
      resumable: keep,
      downloadedBytes: keep ? written : 0,
      bytesPerSecond: null,
      leaseUntil: null,
      updatedAt: sql`now()`,
    })
    .where(stillDownloading(row.id));
  ctx.logger.warn({ event: "local_models.download_failed", model: row.name, resumable: keep }, reason);
  return "failed";
}

async function cancelled(path: string): Promise<DownloadEnd> {
  await rm(path, { force: true });
  return "cancelled";
}

async function emptyFile(path: string): Promise<number> {
  await (await open(path, "w")).close();
  return 0;
}

/** Feeds what a previous download kept into `hash`; its length (0 when there is nothing). */
async function rehash(path: string, hash: Hash): Promise<number> {
  const info = await stat(path).catch(() => null);
  if (!info) return emptyFile(path);
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return info.size;
}
