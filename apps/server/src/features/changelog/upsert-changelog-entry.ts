// The spec's changelog-upsert: one entry per version, replaced when published again.
import type { ChangelogEntry, ChangelogUpsert } from "@tessera/contracts";
import { sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { changelogEntries } from "../../db/schema";
import { toChangelogEntry } from "./list-changelog-entries";

export async function upsertChangelogEntry(
  db: Database,
  userId: string,
  input: ChangelogUpsert,
): Promise<ChangelogEntry> {
  const [row] = await db
    .insert(changelogEntries)
    .values({ ...input, publishedBy: userId })
    .onConflictDoUpdate({
      target: changelogEntries.version,
      set: { title: input.title, description: input.description, publishedBy: userId, updatedAt: sql`now()` },
    })
    .returning();
  return toChangelogEntry(row!);
}
