import { comparisonStreamRequestSchema, createComparisonSchema, ratingSchema } from "@tessera/contracts";
import { Hono, type MiddlewareHandler } from "hono";
import { z } from "zod";
import { requestLanguage } from "../../i18n/request-language";
import type { AppEnv } from "../../lib/context";
import { limitChatMessages, type RateLimiter } from "../../lib/rate-limiter";
import { sseResponse } from "../../lib/sse-response";
import { parseWith, readJson } from "../../lib/validate";
import { createComparison, deleteComparison, getComparison, listComparisons } from "./comparisons";
import { continueInChat } from "./continue-in-chat";
import { getLeaderboard } from "./leaderboard";
import { rateResponse } from "./rate-response";
import { runAnswer } from "../../streams/run-answer";
import {
  claimAnswer,
  comparisonAnswer,
  draftResponse,
  type ComparisonStreamDeps,
} from "./run-comparison-stream";
import { stopComparison } from "./stop-comparison";

export interface CompareDeps extends ComparisonStreamDeps {
  limiter: RateLimiter;
  /** A comparison counts as one chat message against the person's per-minute limit. */
  messagesPerMinute: number;
}

const idParam = z.object({ id: z.string().uuid("not a comparison id") });
const answerParam = idParam.extend({ responseId: z.string().uuid("not an answer id") });

export function compareRoutes(deps: CompareDeps) {
  const user = (c: { get: (k: "session") => { user: { id: string } } }) => c.get("session").user.id;
  return (
    new Hono<AppEnv>()
      .get("/", async (c) => c.json(await listComparisons(deps.db, user(c))))
      .post("/", async (c) => {
        const input = await readJson(c, createComparisonSchema);
        await limitChatMessages(deps.limiter, user(c), deps.messagesPerMinute);
        return c.json(await createComparison(deps, user(c), input), 201);
      })
      .get("/leaderboard", async (c) => c.json(await getLeaderboard(deps.db, user(c))))
      .get("/:id", async (c) => {
        const { id } = parseWith(idParam, c.req.param());
        return c.json(await getComparison(deps.db, user(c), id));
      })
      .delete("/:id", async (c) => {
        const { id } = parseWith(idParam, c.req.param());
        await deleteComparison(deps.db, user(c), id);
        return c.body(null, 204);
      })
      .put("/:id/responses/:responseId/rating", async (c) => {
        const { id, responseId } = parseWith(answerParam, c.req.param());
        const { rating } = await readJson(c, ratingSchema);
        return c.json(await rateResponse(deps.db, user(c), id, responseId, rating));
      })
      // Stop: the answers outlive their streams' clients, so Stop is asked for by name.
      .post("/:id/stop", async (c) => {
        const { id } = parseWith(idParam, c.req.param());
        await stopComparison(deps, user(c), id);
        return c.body(null, 204);
      })
      .post("/:id/responses/:responseId/continue", async (c) => {
        const { id, responseId } = parseWith(answerParam, c.req.param());
        return c.json(await continueInChat(deps.db, user(c), id, responseId), 201);
      })
  );
}

async function peekJson(c: { req: { header(n: string): string | undefined; json(): Promise<unknown> } }) {
  if (!(c.req.header("content-type") ?? "").toLowerCase().includes("application/json")) return undefined;
  // Hono keeps the parsed body, so the chat route reads the same one (or the same parse error).
  return c.req.json().catch(() => undefined);
}

/**
 * POST /api/chat-stream in comparison mode (`comparison: true`, spec §7): one answer of a comparison.
 * Any other body passes on to the chat route.
 */
export function comparisonStream(deps: ComparisonStreamDeps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const body = await peekJson(c);
    if (typeof body !== "object" || body === null || (body as { comparison?: unknown }).comparison !== true)
      return next();
    const input = parseWith(comparisonStreamRequestSchema, body);
    const language = await requestLanguage(c, deps.db);
    const claimed = await claimAnswer(deps, c.get("session").user.id, input, language);
    const log = c.get("logger");
    const answer = deps.answers.open(claimed.responseId, {
      draft: draftResponse(deps.db, claimed.responseId),
      log,
      event: "compare.stream",
    });
    // The answer goes on if its client leaves (the dialog closed, a reload): the comparison's page reads
    // it back. Stop names the comparison (stop-comparison.ts).
    return sseResponse(
      c,
      () =>
        runAnswer(
          answer,
          { log, event: "compare.stream" },
          comparisonAnswer({ ...deps, logger: log }, claimed, answer),
        ),
      { controller: answer.controller, outliveClient: true },
    );
  };
}
