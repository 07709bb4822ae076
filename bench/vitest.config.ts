import { defineProject } from "vitest/config";

// Only the checks of the bench's own data run as tests; the benchmarks themselves are never tests.
export default defineProject({ test: { name: "bench", include: ["knowledge-eval/**/*.test.ts"] } });
