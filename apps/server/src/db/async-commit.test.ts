// The CTE that lets a statement's commit return before the disk has it, on PostgreSQL only (PGlite has no
// WAL writer to flush it later: it keeps its commits synchronous): the setting holds for that statement's
// own transaction and no longer, and the write is otherwise an ordinary one (visible at once,
// constraints enforced).
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase, testDbKind } from "../test/test-database";
import { asyncCommit, isUniqueViolation, rowsOf, type DatabaseHandle } from "./client";

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openTestDatabase();
  await handle.db.execute(sql`create table async_commit_probe (id int primary key)`);
});
afterAll(() => handle.close());

const mode = async (query: ReturnType<typeof sql>) =>
  (await rowsOf<{ mode: string }>(handle.db, query))[0]?.mode;

describe("asyncCommit", () => {
  it("turns synchronous_commit off for its own statement only on PostgreSQL, and leaves PGlite's on", async () => {
    const inside = testDbKind() === "postgres" ? "off" : "on";
    for (let i = 0; i < 3; i++) {
      expect(
        await mode(
          sql`with ${asyncCommit(handle.db)} select current_setting('synchronous_commit') as mode from async_commit`,
        ),
      ).toBe(inside);
      expect(await mode(sql`select current_setting('synchronous_commit') as mode`)).toBe("on");
    }
  });

  it("writes rows that are read back at once, and a duplicate still breaks the unique index", async () => {
    const insert = (id: number) =>
      handle.db.execute(
        sql`with ${asyncCommit(handle.db)} insert into async_commit_probe select ${id} from async_commit`,
      );
    await insert(1);
    await insert(2);
    expect(await rowsOf(handle.db, sql`select id from async_commit_probe order by id`)).toEqual([
      { id: 1 },
      { id: 2 },
    ]);
    const duplicate = await insert(1).then(
      () => null,
      (err: unknown) => err,
    );
    expect(isUniqueViolation(duplicate)).toBe(true);
  });
});
