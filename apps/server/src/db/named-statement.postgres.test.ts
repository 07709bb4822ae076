// A server that forgets named statements, as one behind a pooler in transaction mode does (PgBouncer
// before 1.21): the statement is sent unnamed from then on, and nothing fails.
import { sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { useNamedProbe } from "../test/named-probe";
import { rowsOf, runNamed } from "./client";

const probe = useNamedProbe("named_probe_forgotten");
const FORGOTTEN = probe.statement;
const ids = probe.rows;

it("sends the statement unnamed from then on, as behind a pooler in transaction mode", async () => {
  // One query at a time: the pool's one connection serves them all.
  expect(await runNamed(probe.db(), FORGOTTEN, ["300", "named"])).toBe(2);
  const prepared = sql`select count(*)::int as n from pg_prepared_statements where name = 'named_probe_forgotten'`;
  expect((await rowsOf<{ n: number }>(probe.db(), prepared))[0]!.n).toBe(1);
  await probe.db().execute(sql`deallocate all`);
  expect(await runNamed(probe.db(), FORGOTTEN, ["302", "unnamed"])).toBe(2);
  expect(await runNamed(probe.db(), FORGOTTEN, ["304", "unnamed"])).toBe(2);
  expect((await rowsOf<{ n: number }>(probe.db(), prepared))[0]!.n).toBe(0);
  expect(await ids()).toEqual(expect.arrayContaining(["300:named", "302:unnamed", "305:unnamed"]));
});
