import react from "@vitejs/plugin-react";
import { defineProject } from "vitest/config";

export default defineProject({
  plugins: [react()],
  resolve: { alias: { "@": new URL("./src", import.meta.url).pathname } },
  define: { "import.meta.env.VITE_APP_VERSION": JSON.stringify("test") },
  test: {
    name: "web",
    environment: "happy-dom",
    include: ["src/**/*.test.{ts,tsx}", "*.test.ts"],
    setupFiles: ["./src/testing/setup.ts"],
    // A page test renders the whole app and types into it; on a two-CPU machine running the whole
    // suite, one that takes 5 s alone took more than 20. Each wait for an element keeps its own
    // limit (testing/setup.ts), so a wrong page still fails there; this bounds only the whole test.
    testTimeout: 60_000,
  },
});
