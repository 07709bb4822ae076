// Saved searches, newest first, always the caller's own.
import { SEARCHES_LISTED, type SavedSearch, type SearchSummary } from "@tessera/contracts";
import { and, desc, eq, inArray } from "drizzle-orm";
import type { Database } from "../../db/client";
import { searches } from "../../db/schema";
import { notFound } from "../../lib/errors";
import type { DurableAnswers } from "../../streams/durable-answers";
import { imagesWithPictures, sourcesWithPictures, type ImageSrc } from "./search-pictures";

type Row = typeof searches.$inferSelect;

const toSaved = (r: Row, imageSrc?: ImageSrc): SavedSearch => ({
  id: r.id,
  parentId: r.parentId,
  query: r.query,
  provider: r.provider,
  sources: sourcesWithPictures(r.sources, imageSrc),
  images: imagesWithPictures(r.images, imageSrc),
  overview: r.overview,
  followUps: r.followUps,
  tokensUsed: r.tokensUsed,
  cost: r.cost,
  status: r.status as SavedSearch["status"],
  createdAt: r.createdAt.toISOString(),
});

export async function listSearches(db: Database, userId: string): Promise<SearchSummary[]> {
  const rows = await db
    .select({
      id: searches.id,
      parentId: searches.parentId,
      query: searches.query,
      status: searches.status,
      createdAt: searches.createdAt,
    })
    .from(searches)
    .where(eq(searches.userId, userId))
    .orderBy(desc(searches.createdAt))
    .limit(SEARCHES_LISTED);
  return rows.map((r) => ({
    ...r,
    status: r.status as SearchSummary["status"],
    createdAt: r.createdAt.toISOString(),
  }));
}

export async function getSearch(
  db: Database,
  userId: string,
  id: string,
  imageSrc?: ImageSrc,
): Promise<SavedSearch> {
  const [row] = await db
    .select()
    .from(searches)
    .where(and(eq(searches.id, id), eq(searches.userId, userId)));
  if (!row) throw notFound("Search not found.");
  return toSaved(row, imageSrc);
}

export async function deleteSearch(db: Database, userId: string, id: string): Promise<void> {
  const gone = await db
    .delete(searches)
    .where(and(eq(searches.id, id), eq(searches.userId, userId)))
    .returning({ id: searches.id });
  if (gone.length === 0) throw notFound("Search not found.");
}

/**
 * Stop on the search page, asked for by a request of its own (a search outlives its page). A search
 * running here ends where it stands and keeps what it found (answered once that is stored); one run
 * by another process is closed as failed here and that process told over the bus. A search that has
 * ended is left as it is.
 */
export async function stopSearch(
  deps: { db: Database; answers: DurableAnswers },
  userId: string,
  id: string,
): Promise<void> {
  const { status } = await getSearch(deps.db, userId, id);
  if (status !== "running") return;
  await deps.answers.stop([id], (elsewhere) =>
    deps.db
      .update(searches)
      .set({ status: "error" })
      .where(and(inArray(searches.id, elsewhere), eq(searches.status, "running"))),
  );
}
