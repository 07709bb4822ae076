import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { readFileSync } from "node:fs";

const { version } = JSON.parse(readFileSync(new URL("./package.json", import.meta.url), "utf8")) as {
  version: string;
};
const API_ORIGIN = "http://localhost:3000";

// Better Auth checks Origin on POST; the dev server's origin (5173) is not the API's, so the proxy
// presents the API's own origin, as the production build (served by the API itself) would.
const proxyTo = {
  target: API_ORIGIN,
  changeOrigin: true,
  configure: (proxy: {
    on: (event: "proxyReq", cb: (req: { setHeader: (k: string, v: string) => void }) => void) => void;
  }) => {
    proxy.on("proxyReq", (req) => req.setHeader("origin", API_ORIGIN));
  },
};

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: { alias: { "@": new URL("./src", import.meta.url).pathname } },
  define: { "import.meta.env.VITE_APP_VERSION": JSON.stringify(version) },
  server: { proxy: { "/api": proxyTo, "/.well-known": proxyTo } },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      output: {
        // Libraries change less often than our code: separate chunks stay cached across releases.
        codeSplitting: {
          groups: [
            { name: "react", test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/ },
            { name: "zod", test: /node_modules[\\/]zod[\\/]/ },
            { name: "vendor", test: /node_modules[\\/](?!qrcode)/ },
          ],
        },
      },
    },
  },
});
