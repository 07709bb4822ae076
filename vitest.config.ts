import { defineConfig } from "vitest/config";

// Server suites run against PGlite always, and against the PostgreSQL server too when
// DATABASE_URL is set (as .ci/run does): each test file then gets a fresh database there.
const databaseUrl = process.env.DATABASE_URL;

const server = (dbKind: "pglite" | "postgres") => ({
  extends: "./apps/server/vitest.config.ts",
  test: {
    name: `server:${dbKind}`,
    root: "./apps/server",
    // A *.postgres.test.ts file is about the PostgreSQL server itself (its connections, say).
    ...(dbKind === "pglite" ? { exclude: ["**/node_modules/**", "src/**/*.postgres.test.ts"] } : {}),
    provide: { dbKind, databaseUrl: databaseUrl ?? "" },
  },
});

export default defineConfig({
  test: {
    projects: [
      "packages/contracts",
      "apps/web",
      server("pglite"),
      ...(databaseUrl ? [server("postgres")] : []),
    ],
  },
});
