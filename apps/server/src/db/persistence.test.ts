import { join } from "node:path";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { openDatabase } from "./client";
import { user } from "./schema";
import { scratchDirs } from "../test/scratch-dirs";

const scratch = scratchDirs("tessera-db-");

describe("PGlite under DATA_DIR", () => {
  it("keeps data across a restart and re-applies migrations idempotently", async () => {
    const dataDir = join(scratch(), "pglite");
    const first = await openDatabase({ kind: "pglite", dataDir });
    await first.db.insert(user).values({ id: "u1", name: "Kept", email: "kept@example.com" });
    await first.close();

    const second = await openDatabase({ kind: "pglite", dataDir });
    const rows = await second.db.select({ name: user.name }).from(user).where(eq(user.id, "u1"));
    await second.close();
    expect(rows).toEqual([{ name: "Kept" }]);
    // Creating the database (initdb, in a child process) and opening it twice: slow on a busy machine.
  }, 90_000);
});
