// The suites that run only in the PGlite project (database-free.ts) reach no database: not through
// their own imports, nor through a test helper's.
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { DATABASE_FREE_SUITES } from "./database-free";

const root = join(import.meta.dirname, "../..");

/** The modules that open a database, or hand one to a test. */
const DATABASE_MODULES = [
  "src/bootstrap.ts",
  "src/test/test-app.ts",
  "src/test/test-database.ts",
  "src/test/server-process.ts",
];
/** Product modules import this for its helpers and types; a test or its helper imports it to open one. */
const CLIENT = "src/db/client.ts";

/** Relative imports and re-exports that load a module when the suite runs: all but `import type`. */
const IMPORT = /\b(?:import|export)(?!\s+type\b)[^;"']*?["'](\.{1,2}\/[^"']+)["']/g;

function resolveImport(from: string, specifier: string): string | null {
  const base = join(dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, "index.ts")])
    if (/\.tsx?$/.test(candidate) && existsSync(candidate)) return candidate;
  return null;
}

/** What in a suite's reach, following its imports (paths from apps/server), can give it a database. */
function databaseReach(suite: string): string[] {
  const seen = new Set<string>();
  const found = new Set<string>();
  const queue = [join(root, suite)];
  while (queue.length > 0) {
    const file = queue.pop()!;
    const name = relative(root, file);
    if (seen.has(name)) continue;
    seen.add(name);
    if (DATABASE_MODULES.includes(name)) found.add(name);
    const text = readFileSync(file, "utf8");
    const ownTest = name === suite || name.startsWith("src/test/");
    if (ownTest && /\binject\(/.test(text)) found.add(name);
    for (const [, specifier] of text.matchAll(IMPORT)) {
      const target = resolveImport(file, specifier!);
      if (!target) continue;
      if (relative(root, target) === CLIENT) {
        if (ownTest) found.add(CLIENT);
      } else queue.push(target);
    }
  }
  return [...found];
}

describe("suites run without a database", () => {
  it("lists only suites that exist, once each", () => {
    expect(DATABASE_FREE_SUITES.filter((suite) => !existsSync(join(root, suite)))).toEqual([]);
    expect(new Set(DATABASE_FREE_SUITES).size).toBe(DATABASE_FREE_SUITES.length);
  });

  it("reach no database module", () => {
    const reaching = DATABASE_FREE_SUITES.map((suite) => ({ suite, reaches: databaseReach(suite) }));
    expect(reaching.filter(({ reaches }) => reaches.length > 0)).toEqual([]);
  });

  it("would see a suite that gets its database through a helper", () => {
    // named-statement.test.ts imports only a probe helper, which makes the database.
    expect(databaseReach("src/db/named-statement.test.ts")).toContain("src/test/test-database.ts");
    expect(databaseReach("src/features/chat/chat-stream.test.ts")).toContain("src/test/test-app.ts");
  });
});
