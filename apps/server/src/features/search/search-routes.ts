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
import type { AppEnv } from "../../lib/context";
import { sseResponse } from "../../lib/sse-response";
import { parseWith, readJson } from "../../lib/validate";
import { chooseOverviewModel } from "./overview-model";
import { loadParent, runSearch, type SearchDeps } from "./run-search";
import { deleteSearch, getSearch, listSearches, stopSearch } from "./searches";

const idParam = z.object({ id: z.string().uuid("not a search id") });

/** The simple search page (spec §7 ai-search) reads only the answer: `chunk` events, or `error`. */
async function* answerOnly(events: AsyncGenerator<SearchEvent>): AsyncGenerator<AiSearchEvent> {
  for await (const e of events) {
    if (e.type === "overview_chunk") yield { type: "chunk", content: e.content };
    else if (e.type === "error") yield { type: "error", error: e.message };
    else if (e.type === "complete")
      yield { type: "complete", searchId: e.searchId, tokensUsed: e.tokensUsed };
  }
}

export function searchRoutes(deps: SearchDeps) {
  const user = (c: { get: (k: "session") => { user: { id: string } } }) => c.get("session").user.id;
  return new Hono<AppEnv>()
    .post("/jigsaw-search", async (c) => {
      const input = await readJson(c, jigsawSearchRequestSchema);
      const parent = await loadParent(deps.db, user(c), input.parentId);
      const writer = input.options.ai_overview ? await chooseOverviewModel(deps, user(c), undefined) : null;
      const log = c.get("logger");
      // The search goes on if its page is left (another page, a reload): history reads it back as it
      // is stored. Stop names it (POST /api/searches/:id/stop).
      const searchId = randomUUID();
      return sseResponse(
        c,
        (signal) => runSearch({ ...deps, logger: log }, user(c), searchId, input, parent, writer, signal),
        { live: deps.streams, key: searchId, outliveClient: true },
      );
    })
    .post("/ai-search", async (c) => {
      const input = await readJson(c, aiSearchRequestSchema);
      // A model that cannot answer is refused before anything is searched or stored.
      const writer = await chooseOverviewModel(deps, user(c), input.model);
      const log = c.get("logger");
      const full = {
        query: input.query,
        options: { safe_search: DEFAULT_SAFE_SEARCH, ai_overview: true, search_type: input.searchType },
      };
      // The simple page never learns the search's id until it completes, so it has no Stop by name:
      // its search ends with its connection, as before, keeping what it had.
      return sseResponse(
        c,
        (signal) =>
          answerOnly(runSearch({ ...deps, logger: log }, user(c), randomUUID(), full, null, writer, signal)),
        { live: deps.streams },
      );
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
