// Every web test: a clean DOM and storage, real timers, and a failure on any console.error (React
// warnings included), so a warning cannot slip through as a passing test.
import { cleanup, configure } from "@testing-library/react";
import { toast } from "sonner";
import { i18next, initI18n, NAMESPACES } from "@/lib/i18n";
import { provideQueryClient } from "@/lib/app-query-client";
import { forgetPublicConfig } from "@/lib/public-config";
import { setClassMerger } from "@/lib/utils";
import { twMerge } from "tailwind-merge";
import { afterEach, beforeEach, vi } from "vitest";

// The first render of a lazy route loads its module; on a busy two-CPU machine that can take more
// than the default second. Waiting longer never makes a wrong page pass.
configure({ asyncUtilTimeout: 5_000 });

// English, the texts the tests assert; a key English lacks fails the test through console.error.
// Every namespace is read in first, as each page's route fetches its own in the app.
await initI18n({
  language: "en",
  onMissingKey: (key, namespace) => console.error(`Missing text: ${namespace}:${key}`),
});
await i18next.loadNamespaces(NAMESPACES);

// Components are rendered here without the routes that load tailwind-merge in the app
// (app/app-styles.ts); they merge their classes as on the pages past sign-in.
setClassMerger(twMerge);

let consoleErrors: unknown[][] = [];
const originalError = console.error.bind(console);

beforeEach(() => {
  consoleErrors = [];
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    consoleErrors.push(args);
    originalError(...args);
    throw new Error(`console.error was called: ${args.map(String).join(" ").slice(0, 500)}`);
  });
  // Expected in these tests (unknown paths, refresh failures); keep the output quiet.
  vi.spyOn(console, "warn").mockImplementation(() => {});
});

afterEach(() => {
  cleanup();
  // sonner keeps its toasts in a module-level store and replays them to the next Toaster.
  toast.dismiss();
  // The public settings are read once per page; each test is an instance of its own.
  forgetPublicConfig();
  provideQueryClient(null);
  localStorage.clear();
  sessionStorage.clear();
  document.documentElement.className = "";
  if (i18next.language !== "en") void i18next.changeLanguage("en");
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  const logged = consoleErrors;
  consoleErrors = [];
  if (logged.length > 0)
    throw new Error(`console.error was called ${logged.length} time(s); fix the warning.`);
});
