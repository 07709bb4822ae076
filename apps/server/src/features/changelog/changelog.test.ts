import type { ChangelogEntry, ChangelogList } from "@tessera/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { changelogEntries } from "../../db/schema";
import { createTestApp, type TestApp } from "../../test/test-app";

describe("changelog: instance admins publish, everyone signed in reads", () => {
  let t: TestApp;
  let admin: string;
  let member: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.newUser("admin@example.com");
    member = await t.newUser("member@example.com");
  });
  afterAll(() => t.close());

  const publish = (token: string | undefined, json: unknown) =>
    t.request("/api/changelog", { method: "POST", token, json });

  it("upserts by version: publishing twice keeps one row, updated", async () => {
    const first = await publish(admin, { version: "3.25.0", title: "Release 3.25", description: "First" });
    expect(first.status).toBe(200);
    const second = await publish(admin, { version: "3.25.0", title: "Release 3.25", description: "Second" });
    const entry = (await second.json()) as ChangelogEntry;
    expect(entry.description).toBe("Second");
    const rows = await t.services.database.db.select().from(changelogEntries);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.description).toBe("Second");
    expect(rows[0]!.updatedAt.getTime()).toBeGreaterThanOrEqual(rows[0]!.createdAt.getTime());
  });

  it("refuses non-admins (403), signed-out callers (401) and bad input (400)", async () => {
    expect((await publish(member, { version: "3.26.0", title: "x", description: "y" })).status).toBe(403);
    expect((await publish(undefined, { version: "3.26.0", title: "x", description: "y" })).status).toBe(401);
    expect((await publish(admin, { version: "latest", title: "x", description: "y" })).status).toBe(400);
  });

  it("lists entries newest version first", async () => {
    await publish(admin, { version: "3.9.0", title: "Older", description: "old" });
    await publish(admin, { version: "3.100.0", title: "Newest", description: "new" });
    const res = await t.request("/api/changelog", { token: member });
    const { entries } = (await res.json()) as ChangelogList;
    expect(entries.map((e) => e.version)).toEqual(["3.100.0", "3.25.0", "3.9.0"]);
  });
});
