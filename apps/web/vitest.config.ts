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
    // A page test renders the whole app; on a busy two-CPU machine that can take more than the
    // default 5 s. Waiting longer never makes a wrong page pass.
    testTimeout: 20_000,
  },
});
