// Named statements (runNamed): parsed once, then only bound and run. On both databases they write what
// they say and report their row count, a constraint they break surfaces as usual and leaves the next
// run working, and on PGlite (one session for every caller) a run never lands inside another caller's
// open transaction.
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { useNamedProbe } from "../test/named-probe";
import { isUniqueViolation, runNamed } from "./client";

const probe = useNamedProbe("named_probe_pair");
const PAIR = probe.statement;
const ids = probe.rows;

describe("runNamed", () => {
  it("writes its rows and reports how many, run after run", async () => {
    expect(await runNamed(probe.db(), PAIR, ["1", "a"])).toBe(2);
    expect(await runNamed(probe.db(), PAIR, ["3", "b"])).toBe(2);
    expect(await runNamed(probe.db(), PAIR, ["5", null]).catch((e: unknown) => e)).toBeInstanceOf(Error);
    expect(await runNamed(probe.db(), PAIR, ["5", "c"])).toBe(2);
    expect(await ids()).toEqual(["1:a", "2:a", "3:b", "4:b", "5:c", "6:c"]);
  });

  it("fails as one statement on a broken unique index, and the next run still works", async () => {
    const duplicate = await runNamed(probe.db(), PAIR, ["6", "d"]).then(
      () => null,
      (err: unknown) => err,
    );
    expect(isUniqueViolation(duplicate)).toBe(true);
    expect(await ids()).not.toContain("7:d");
    expect(await runNamed(probe.db(), PAIR, ["7", "e"])).toBe(2);
    expect(await ids()).toEqual(["1:a", "2:a", "3:b", "4:b", "5:c", "6:c", "7:e", "8:e"]);
  });

  it("waits for a transaction in progress instead of joining it", async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let inside!: () => void;
    const started = new Promise<void>((resolve) => (inside = resolve));
    const rolledBack = probe
      .db()
      .transaction(async (tx) => {
        await tx.execute(sql`insert into named_probe (id, label) values (100, 'tx')`);
        inside();
        await held;
        throw new Error("roll back");
      })
      .catch((err: unknown) => err);
    await started;
    const run = runNamed(probe.db(), PAIR, ["200", "outside"]);
    // Long enough for the run to have landed, had it not waited.
    await new Promise((r) => setTimeout(r, 100));
    release();
    expect(await rolledBack).toBeInstanceOf(Error);
    expect(await run).toBe(2);
    const rows = await ids();
    expect(rows).toContain("200:outside");
    expect(rows).toContain("201:outside");
    expect(rows).not.toContain("100:tx");
  });
});
