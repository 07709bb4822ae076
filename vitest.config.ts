import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";
import { DATABASE_FREE_SUITES } from "./apps/server/src/test/database-free.ts";

// Server suites run against PGlite always, and against the PostgreSQL server too when
// DATABASE_URL is set (as .ci/run does): each test file then gets a fresh database there.
// *.redis.test.ts files (shared rate limits) run when REDIS_URL is set, as .ci/run does too.
const databaseUrl = process.env.DATABASE_URL;
const redisUrl = process.env.REDIS_URL;

const server = (dbKind: "pglite" | "postgres") => ({
  extends: "./apps/server/vitest.config.ts",
  test: {
    name: `server:${dbKind}`,
    root: "./apps/server",
    // A *.postgres.test.ts file is about the PostgreSQL server itself (its connections, say), a
    // *.pglite.test.ts file about PGlite itself (its data folder); suites that open no database at
    // all run once, with PGlite.
    exclude: [
      "**/node_modules/**",
      ...(dbKind === "pglite"
        ? ["src/**/*.postgres.test.ts"]
        : ["src/**/*.pglite.test.ts", ...DATABASE_FREE_SUITES]),
      ...(redisUrl ? [] : ["src/**/*.redis.test.ts"]),
    ],
    globalSetup: ["./src/test/global-setup.ts"],
    provide: { dbKind, databaseUrl: databaseUrl ?? "", redisUrl: redisUrl ?? "", pgliteSeed: "" },
  },
});

export default defineConfig({
  test: {
    // One test file per core. Vitest's default leaves a core free (one worker on a 2-core machine),
    // but the files spend much of their time waiting on servers, sockets and timers, not computing.
    maxWorkers: availableParallelism(),
    projects: [
      "packages/contracts",
      "apps/web",
      "bench",
      server("pglite"),
      ...(databaseUrl ? [server("postgres")] : []),
    ],
  },
});
