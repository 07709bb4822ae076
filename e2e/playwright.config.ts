import { defineConfig } from "@playwright/test";

// Journeys run against the built app (npm run build) on a temporary DATA_DIR with PGlite, started
// by global-setup together with a loopback SMTP catcher. Debian's Chromium; nothing is downloaded.
export default defineConfig({
  testDir: "./journeys",
  // Two server processes on one PostgreSQL database: run only where DATABASE_URL names a server.
  testIgnore: process.env.DATABASE_URL ? [] : ["**/two-processes.spec.ts"],
  outputDir: "./.artifacts/test-results",
  globalSetup: "./support/global-setup.ts",
  fullyParallel: false,
  workers: 2,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"]],
  use: {
    baseURL: process.env.TESSERA_E2E_URL,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
});
