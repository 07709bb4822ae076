// A server that forgets named statements, as one behind a pooler in transaction mode does (PgBouncer
// before 1.21): the statement is sent unnamed from then on, and nothing fails.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { openNamedProbe, type NamedProbe } from "../test/named-probe";
import { rowsOf, runNamed, type NamedStatement } from "./client";

let probe: NamedProbe;
let FORGOTTEN: NamedStatement;
beforeAll(async () => {
  probe = await openNamedProbe();
  FORGOTTEN = probe.pair("named_probe_forgotten");
});
afterAll(() => probe.handle.close());
const ids = () => probe.rows();

it("sends the statement unnamed from then on, as behind a pooler in transaction mode", async () => {
  // One query at a time: the pool's one connection serves them all.
  expect(await runNamed(probe.handle.db, FORGOTTEN, ["300", "named"])).toBe(2);
  const prepared = sql`select count(*)::int as n from pg_prepared_statements where name = 'named_probe_forgotten'`;
  expect((await rowsOf<{ n: number }>(probe.handle.db, prepared))[0]!.n).toBe(1);
  await probe.handle.db.execute(sql`deallocate all`);
  expect(await runNamed(probe.handle.db, FORGOTTEN, ["302", "unnamed"])).toBe(2);
  expect(await runNamed(probe.handle.db, FORGOTTEN, ["304", "unnamed"])).toBe(2);
  expect((await rowsOf<{ n: number }>(probe.handle.db, prepared))[0]!.n).toBe(0);
  expect(await ids()).toEqual(expect.arrayContaining(["300:named", "302:unnamed", "305:unnamed"]));
});
