import {
  type AiSearchEvent,
  aiSearchRequestSchema,
  DEFAULT_SAFE_SEARCH,
  jigsawSearchRequestSchema,
  type SearchEvent,
} from "@tessera/contracts";
import { randomUUID } from "node:crypto";
import { Hono } from "hono";
import { z } from "zod";
import { requestLanguage } from "../../i18n/request-language";
import type { AppEnv } from "../../lib/context";
import type { Logger } from "../../lib/logger";
import { sseResponse } from "../../lib/sse-response";
import { parseWith, readJson } from "../../lib/validate";
import { runAnswer } from "../../streams/run-answer";
import { chooseOverviewModel, type OverviewModel } from "./overview-model";
import { abandonSearch, draftOverview, loadParent, searchAnswer, type SearchDeps } from "./run-search";
import { deleteSearch, getSearch, listSearches, stopSearch } from "./searches";

const idParam = z.object({ id: z.string().uuid("not a search id") });

/** The simple search page (spec §7 ai-search) reads only the answer: `chunk` events, or `error`. */
async function* answerOnly(events: AsyncIterable<SearchEvent>): AsyncGenerator<AiSearchEvent> {
  for await (const e of events) {
    if (e.type === "overview_chunk") yield { type: "chunk", content: e.content };
    else if (e.type === "error") yield { type: "error", error: e.message };
    else if (e.type === "complete")
      yield { type: "complete", searchId: e.searchId, tokensUsed: e.tokensUsed };
  }
}

export function searchRoutes(deps: SearchDeps) {
  const user = (c: { get: (k: "session") => { user: { id: string } } }) => c.get("session").user.id;
  /** A search as a durable answer, under a new id: its events, and the controller Stop aborts. */
  const start = (
    log: Logger,
    userId: string,
    input: z.output<typeof jigsawSearchRequestSchema>,
    parent: Awaited<ReturnType<typeof loadParent>>,
    writer: OverviewModel | null,
  ) => {
    const searchId = randomUUID();
    const answer = deps.answers.open(searchId, {
      draft: draftOverview(deps.db, searchId),
      log,
      event: "search",
    });
    const events = runAnswer<SearchEvent>(
      answer,
      { log, event: "search", abandon: abandonSearch(deps.db, searchId) },
      searchAnswer({ ...deps, logger: log }, userId, input, parent, writer, answer),
    );
    return { events, controller: answer.controller };
  };
  return new Hono<AppEnv>()
    .post("/jigsaw-search", async (c) => {
      const input = await readJson(c, jigsawSearchRequestSchema);
      const parent = await loadParent(deps.db, user(c), input.parentId);
      const writer = input.options.ai_overview
        ? await chooseOverviewModel(deps, user(c), undefined, await requestLanguage(c, deps.db))
        : null;
      // The search goes on if its page is left (another page, a reload): history reads it back as it
      // is stored. Stop names it (POST /api/searches/:id/stop).
      const { events, controller } = start(c.get("logger"), user(c), input, parent, writer);
      return sseResponse(c, () => events, { controller, outliveClient: true });
    })
    .post("/ai-search", async (c) => {
      const input = await readJson(c, aiSearchRequestSchema);
      // A model that cannot answer is refused before anything is searched or stored.
      const writer = await chooseOverviewModel(deps, user(c), input.model, await requestLanguage(c, deps.db));
      const full = {
        query: input.query,
        options: { safe_search: DEFAULT_SAFE_SEARCH, ai_overview: true, search_type: input.searchType },
      };
      // The simple page never learns the search's id until it completes, so it has no Stop by name:
      // its search ends with its connection, as before, keeping what it had.
      const { events, controller } = start(c.get("logger"), user(c), full, null, writer);
      return sseResponse(c, () => answerOnly(events), { controller });
    })
    .get("/searches", async (c) => c.json(await listSearches(deps.db, user(c))))
    .get("/searches/:id", async (c) =>
      c.json(await getSearch(deps.db, user(c), parseWith(idParam, c.req.param()).id, deps.imageSrc)),
    )
    .post("/searches/:id/stop", async (c) => {
      await stopSearch(deps, user(c), parseWith(idParam, c.req.param()).id);
      return c.body(null, 204);
    })
    .delete("/searches/:id", async (c) => {
      await deleteSearch(deps.db, user(c), parseWith(idParam, c.req.param()).id);
      return c.body(null, 204);
    });
}
