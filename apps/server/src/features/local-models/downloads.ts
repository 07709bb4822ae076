// The downloads this process runs: started by an admin's POST (with its first response, already
// checked) or found by the sweep, which claims downloads whose process is gone (their lease ran out)
// and resumes them from their partial files. Cancel stops one here; a download another process runs
// notices its row is gone at its next progress write. A shutdown stops them all, keeps their partial
// files and hands their leases back, so the next start goes on at once.
import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import { localModels } from "../../db/schema";
import { DownloadStop, runDownload, type DownloadContext, type LocalModelRow } from "./run-download";
import type { OpenedDownload } from "./open-download";

export interface Downloads {
  start(row: LocalModelRow, opened?: OpenedDownload): void;
  /** Stops a download running here and removes its partial file; resolves once it has. */
  cancel(id: string): Promise<void>;
  /** Claims the downloads nobody runs any more and resumes them here. */
  sweep(): Promise<void>;
  /** Sweeps now and then every `everyMs`. */
  startSweeping(everyMs: number): void;
  close(): Promise<void>;
}

export function createDownloads(ctx: DownloadContext): Downloads {
  const running = new Map<string, { controller: AbortController; done: Promise<void> }>();
  let sweeper: NodeJS.Timeout | undefined;

  const start = (row: LocalModelRow, opened?: OpenedDownload) => {
    if (running.has(row.id)) return;
    const controller = new AbortController();
    const done = runDownload(ctx, row, controller.signal, opened).then(
      () => undefined,
      (err: unknown) =>
        ctx.logger.error({ event: "local_models.download_crashed", model: row.name, err }, "download failed"),
    );
    running.set(row.id, { controller, done });
    void done.finally(() => running.delete(row.id));
  };

  const sweep = async () => {
    const claimed = await ctx.db
      .update(localModels)
      .set({ leaseUntil: sql`now() + ${ctx.timings.leaseMs}::int * interval '1 millisecond'` })
      .where(
        and(
          eq(localModels.status, "downloading"),
          or(isNull(localModels.leaseUntil), lt(localModels.leaseUntil, sql`now()`)),
        ),
      )
      .returning();
    for (const row of claimed) {
      ctx.logger.info({ event: "local_models.download_resumed", model: row.name }, "download resumed");
      start(row);
    }
  };

  return {
    start,
    sweep,
    async cancel(id) {
      const run = running.get(id);
      if (!run) return;
      run.controller.abort(new DownloadStop("cancel"));
      await run.done;
    },
    startSweeping(everyMs) {
      const tick = () =>
        sweep().catch((err: unknown) =>
          ctx.logger.warn({ event: "local_models.sweep_failed", err: String(err) }, "download sweep failed"),
        );
      void tick();
      sweeper = setInterval(() => void tick(), everyMs);
      sweeper.unref();
    },
    async close() {
      clearInterval(sweeper);
      const runs = [...running.values()];
      for (const run of runs) run.controller.abort(new DownloadStop("shutdown"));
      await Promise.all(runs.map((r) => r.done));
    },
  };
}
