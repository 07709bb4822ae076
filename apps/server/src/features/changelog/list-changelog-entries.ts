// Release notes, newest version first (versions compare numerically: 3.10.0 is after 3.9.0).
import { compareVersions, type ChangelogEntry } from "@tessera/contracts";
import type { Database } from "../../db/client";
import { changelogEntries } from "../../db/schema";

const LIMIT = 50;

export const toChangelogEntry = (row: typeof changelogEntries.$inferSelect): ChangelogEntry => ({
  version: row.version,
  title: row.title,
  description: row.description,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

export async function listChangelogEntries(db: Database): Promise<ChangelogEntry[]> {
  const rows = await db.select().from(changelogEntries);
  return rows
    .map(toChangelogEntry)
    .sort((a, b) => compareVersions(b.version, a.version))
    .slice(0, LIMIT);
}
