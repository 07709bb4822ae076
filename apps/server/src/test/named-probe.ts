// A database of the test file's own with one small table for named statements (runNamed), opened
// before its tests and closed after them: a statement under the given name that writes two rows a run
// (ids $1 and $1 + 1, labelled $2), and the rows as "id:label" in order.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll } from "vitest";
import { rowsOf, type Database, type DatabaseHandle, type NamedStatement } from "../db/client";
import { openTestDatabase } from "./test-database";

export interface NamedProbe {
  db: () => Database;
  statement: NamedStatement;
  rows: () => Promise<string[]>;
}

export function useNamedProbe(name: string): NamedProbe {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openTestDatabase();
    await handle.db.execute(sql`create table named_probe (id int primary key, label text not null)`);
  });
  afterAll(() => handle.close());
  return {
    db: () => handle.db,
    statement: {
      name,
      // The CTE is the database's own async-commit one.
      text: (asyncCommit) =>
        `with ${asyncCommit} insert into named_probe (id, label)
         select v.id, v.label from async_commit, (values ($1::int, $2), ($1::int + 1, $2)) as v(id, label)`,
    },
    rows: async () =>
      (
        await rowsOf<{ id: number; label: string }>(
          handle.db,
          sql`select id, label from named_probe order by id`,
        )
      ).map((r) => `${r.id}:${r.label}`),
  };
}
