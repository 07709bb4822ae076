// A database of the test's own with one small table for named statements (runNamed): a statement that
// writes two rows a run, from $1 and $1 + 1 labelled $2, under a name of the test's choosing, and the
// rows as "id:label" in order.
import { sql } from "drizzle-orm";
import { rowsOf, type DatabaseHandle, type NamedStatement } from "../db/client";
import { openTestDatabase } from "./test-database";

export interface NamedProbe {
  handle: DatabaseHandle;
  pair(name: string): NamedStatement;
  rows(): Promise<string[]>;
}

export async function openNamedProbe(): Promise<NamedProbe> {
  const handle = await openTestDatabase();
  await handle.db.execute(sql`create table named_probe (id int primary key, label text not null)`);
  return {
    handle,
    pair: (name) => ({
      name,
      // The CTE is the database's own async-commit one.
      text: (asyncCommit) =>
        `with ${asyncCommit} insert into named_probe (id, label)
         select v.id, v.label from async_commit, (values ($1::int, $2), ($1::int + 1, $2)) as v(id, label)`,
    }),
    rows: async () =>
      (
        await rowsOf<{ id: number; label: string }>(
          handle.db,
          sql`select id, label from named_probe order by id`,
        )
      ).map((r) => `${r.id}:${r.label}`),
  };
}
