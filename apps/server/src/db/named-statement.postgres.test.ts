// A server that forgets named statements, as one behind a pooler in transaction mode does (PgBouncer
// before 1.21): the statement is sent unnamed from then on, and nothing fails.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { openTestDatabase } from "../test/test-database";
import { rowsOf, runNamed, type DatabaseHandle, type NamedStatement } from "./client";

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openTestDatabase();
  await handle.db.execute(sql`create table named_probe (id int primary key, label text not null)`);
});
afterAll(() => handle.close());

const FORGOTTEN: NamedStatement = {
  name: "named_probe_forgotten",
  text: (asyncCommit) =>
    `with ${asyncCommit} insert into named_probe (id, label)
     select v.id, v.label from async_commit, (values ($1::int, $2), ($1::int + 1, $2)) as v(id, label)`,
};

const ids = async () =>
  (
    await rowsOf<{ id: number; label: string }>(handle.db, sql`select id, label from named_probe order by id`)
  ).map((r) => `${r.id}:${r.label}`);

it("sends the statement unnamed from then on, as behind a pooler in transaction mode", async () => {
  // One query at a time: the pool's one connection serves them all.
  expect(await runNamed(handle.db, FORGOTTEN, ["300", "named"])).toBe(2);
  const prepared = sql`select count(*)::int as n from pg_prepared_statements where name = 'named_probe_forgotten'`;
  expect((await rowsOf<{ n: number }>(handle.db, prepared))[0]!.n).toBe(1);
  await handle.db.execute(sql`deallocate all`);
  expect(await runNamed(handle.db, FORGOTTEN, ["302", "unnamed"])).toBe(2);
  expect(await runNamed(handle.db, FORGOTTEN, ["304", "unnamed"])).toBe(2);
  expect((await rowsOf<{ n: number }>(handle.db, prepared))[0]!.n).toBe(0);
  expect(await ids()).toEqual(expect.arrayContaining(["300:named", "302:unnamed", "305:unnamed"]));
});
