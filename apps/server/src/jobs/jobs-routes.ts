// A person's jobs (an image, a voice-over), answered by any process from the row: GET /api/jobs/:id
// for its status, progress and note, and GET /api/jobs/:id/events to follow it live (every change as
// one event, ending with the job). Someone else's job is "not found".
import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../lib/context";
import { notFound } from "../lib/errors";
import { sseResponse } from "../lib/sse-response";
import { parseWith } from "../lib/validate";
import type { JobQueue, JobView } from "./queue";

const idParam = z.object({ id: z.uuid("not a job id") });

/** How often a follower reads the row too: a notice lost while the bus reconnects is not waited for. */
const REREAD_MS = 2_000;

const isEnded = (job: JobView) => job.status === "succeeded" || job.status === "failed";

export function jobsRoutes(deps: { jobs: JobQueue; track?: (controller: AbortController) => () => void }) {
  const own = async (ownerId: string, id: string) => {
    const job = await deps.jobs.get(id, ownerId);
    if (!job) throw notFound("No such job.");
    return job;
  };
  return new Hono<AppEnv>()
    .get("/jobs/:id", async (c) => {
      const { id } = parseWith(idParam, c.req.param());
      return c.json(await own(c.get("session").user.id, id));
    })
    .get("/jobs/:id/events", async (c) => {
      const { id } = parseWith(idParam, c.req.param());
      const ownerId = c.get("session").user.id;
      const first = await own(ownerId, id);
      return sseResponse(c, (signal) => followJob(deps.jobs, ownerId, first, signal), { track: deps.track });
    });
}

/** The job now, then each change of it (from any process), until it ends or the client leaves. */
export async function* followJob(
  jobs: JobQueue,
  ownerId: string,
  first: JobView,
  signal: AbortSignal,
): AsyncGenerator<JobView> {
  let last = first;
  yield first;
  if (isEnded(first)) return;
  const waiting: JobView[] = [];
  let wake: (() => void) | null = null;
  const push = (job: JobView) => {
    waiting.push(job);
    wake?.();
  };
  const stop = jobs.follow(first.id, ({ ownerId: _owner, errorCode: _code, from: _from, ...job }) =>
    push(job),
  );
  const reread = setInterval(() => {
    void jobs.get(first.id, ownerId).then(
      (job) => job && push(job),
      () => undefined,
    );
  }, REREAD_MS);
  const onAbort = () => wake?.();
  signal.addEventListener("abort", onAbort, { once: true });
  try {
    while (!signal.aborted) {
      if (waiting.length === 0) await new Promise<void>((r) => (wake = r));
      wake = null;
      for (const job of waiting.splice(0)) {
        // The same state heard twice (here and from the row) is sent once.
        if (job.status === last.status && job.progress === last.progress && job.note === last.note) continue;
        last = job;
        yield job;
        if (isEnded(job)) return;
      }
    }
  } finally {
    stop();
    clearInterval(reread);
    signal.removeEventListener("abort", onAbort);
  }
}
