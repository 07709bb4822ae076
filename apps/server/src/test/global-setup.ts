// Once per test run: a migrated, empty PGlite database, dumped to a file that every test file's
// in-memory database starts from (test-database.ts). initdb and every migration take seconds in
// WebAssembly; unpacking the dump takes a fraction of that. The dump is made by the same code the
// build uses for the one it ships (writePgliteSeed), so the databases are those of a first start.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { migrationsFolder } from "../db/client";
import { writePgliteSeed } from "../db/pglite-data-dir";

export default async function setup(project: TestProject) {
  if (project.getProvidedContext().dbKind !== "pglite") return;
  const dir = mkdtempSync(join(tmpdir(), "tessera-test-seed-"));
  const seed = join(dir, "pglite-seed.tar.gz");
  await writePgliteSeed(seed, migrationsFolder());
  project.provide("pgliteSeed", seed);
  return () => rmSync(dir, { recursive: true, force: true });
}
