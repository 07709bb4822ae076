// Release notes: anyone signed in reads them; instance admins publish (upsert by version).
import { changelogUpsertSchema } from "@tessera/contracts";
import { Hono } from "hono";
import type { Database } from "../../db/client";
import type { AppEnv } from "../../lib/context";
import { AppError } from "../../lib/errors";
import { readJson } from "../../lib/validate";
import { listChangelogEntries } from "./list-changelog-entries";
import { upsertChangelogEntry } from "./upsert-changelog-entry";

export interface ChangelogDeps {
  db: Database;
  adminEmails: readonly string[];
}

export function changelogRoutes(deps: ChangelogDeps) {
  return new Hono<AppEnv>()
    .get("/", async (c) => c.json({ entries: await listChangelogEntries(deps.db) }))
    .post("/", async (c) => {
      const { user } = c.get("session");
      if (user.role !== "admin" && !deps.adminEmails.includes(user.email.toLowerCase()))
        throw new AppError("FORBIDDEN", "Only administrators of this instance can publish release notes.");
      return c.json(await upsertChangelogEntry(deps.db, user.id, await readJson(c, changelogUpsertSchema)));
    });
}
