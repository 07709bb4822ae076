import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { VitePWA } from "vite-plugin-pwa";
import { readFileSync } from "node:fs";
import { precompress } from "./precompress";
import { preloadsBesideEntry, routePreloads } from "./route-preloads";

const { version } = JSON.parse(readFileSync(new URL("./package.json", import.meta.url), "utf8")) as {
  version: string;
};
// A new value on every build: the client compares it with the stored app-version (spec 001 §4).
const buildVersion = `${version}+${Date.now()}`;
const API_ORIGIN = "http://localhost:3000";

// lucide's runtime, and the icons of the pages open to visitors: features/auth, features/errors,
// app-update-notices, theme-toggle, ui/spinner and ui/alert. An icon missing here still works; it
// only makes those pages load the chunk of all icons.
const PUBLIC_ICON_NAMES = [
  "arrow-left",
  "circle-exclamation-point", // CircleAlert
  "compass",
  "house",
  "key-round",
  "loader-circle",
  "mail-check",
  "mail-x",
  "moon",
  "refresh-cw",
  "rotate-ccw",
  "shield-check",
  "sun",
  "triangle-exclamation-point", // TriangleAlert
  "users",
  "wifi-off",
];
const PUBLIC_ICONS = new RegExp(
  String.raw`node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/](?!icons[\\/])|` +
    String.raw`node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/](${PUBLIC_ICON_NAMES.join("|")})\.mjs$`,
);

// The icons the signed-in frame and the chat show before anyone clicks (sidebar, Recent Chats,
// composer, welcome). The app's other icons (its menus, dialogs and other pages) travel apart, loaded
// with them. An icon missing here still works; it only makes the chat load the chunk of the others.
const CHAT_ICON_NAMES = [
  "arrow-down",
  "arrow-right",
  "arrow-up",
  "audio-lines",
  "book-open",
  "bot",
  "chart-column",
  "chevron-down",
  "chevron-right",
  "clock",
  "columns-3",
  "cpu",
  "download",
  "ellipsis",
  "file-text",
  "folder",
  "folder-open",
  "folder-plus",
  "gauge",
  "image",
  "layers",
  "layout-dashboard",
  "library",
  "lightbulb",
  "link-2",
  "log-out",
  "mail",
  "message-square",
  "messages-square",
  "mic",
  "panel-left",
  "paperclip",
  "pencil",
  "pin",
  "plug-zap",
  "plus",
  "rotate-ccw-clock",
  "scroll-text",
  "search",
  "server",
  "server-crash",
  "settings",
  "share-2",
  "sliders-horizontal",
  "sparkles",
  "square",
  "star",
  "trash",
  "undo-2",
  "user",
  "user-round",
  "wrench",
  "x",
];
const CHAT_ICONS = new RegExp(
  String.raw`node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/](${CHAT_ICON_NAMES.join("|")})\.mjs$`,
);

const I18NEXT = new RegExp(
  String.raw`node_modules[\\/]i18next[\\/]|` +
    String.raw`node_modules[\\/]react-i18next[\\/]dist[\\/]es[\\/](useTranslation|utils|unescape|defaults|context|i18nInstance|initReactI18next)\.js$`,
);
const PUBLIC_UI = new RegExp(
  String.raw`src[\\/](components[\\/]ui[\\/](alert|card|form-field|input|label|length-limit|tabs)|lib[\\/]utils)\.tsx?$|` +
    String.raw`features[\\/]auth[\\/]components[\\/]auth-layout\.tsx$|` +
    String.raw`node_modules[\\/](class-variance-authority|clsx|@radix-ui[\\/]react-(slot|compose-refs))[\\/]|preload-helper`,
);

const ZOD_CHUNK = /^assets\/zod-[\w-]+\.js$/;

const LOADED_WITH_ENTRY = /^assets\/(react|i18next|public-ui|rolldown-runtime)-[\w-]+\.js$/;

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
  plugins: [
    react(),
    tailwindcss(),
    // The offline app shell: a generated Workbox worker precaches index.html, scripts, styles and
    // icons; navigations fall back to index.html, never for the API or stored files. API answers are
    // never cached. Registered by src/lib/service-worker.ts (not in development).
    VitePWA({
      strategies: "generateSW",
      filename: "service-worker.js",
      injectRegister: false,
      manifest: false,
      workbox: {
        globPatterns: ["**/*.{js,css,html,svg,png,ico,woff2}"],
        maximumFileSizeToCacheInBytes: 6 * 1024 * 1024,
        navigateFallback: "index.html",
        navigateFallbackDenylist: [/^\/api\//, /^\/files\//, /^\/\.well-known\//],
        runtimeCaching: [],
        cleanupOutdatedCaches: true,
        clientsClaim: true,
        skipWaiting: true,
      },
    }),
    // The pages a person most often arrives at by address: their route's code is asked for in the
    // page's HTML (the server adds it), beside the entry. Paths match router.tsx; a module that is no
    // longer a lazy route's fails the build, and so does zod on either page's first screen (the
    // answers they read are checked by hand, src/lib/answer-guards.ts; later actions load schemas).
    routePreloads({
      // Where signing in and the site's root lead: the signed-in frame, its styles, the data cache
      // (made beside the page's code: src/lib/app-query-client.ts) and the chat.
      "/dashboard/chat": {
        modules: [
          "src/app/layouts/app-shell.tsx",
          "src/app/app-styles.ts",
          "src/lib/query-client.ts",
          "src/app/routes/chat-route.tsx",
        ],
        // Loaded once the chat is up: the release notes, and an admin's "Connect a model" card.
        later: [
          "src/features/changelog/components/whats-new-dialog.tsx",
          "src/features/admin/components/connect-model-card.tsx",
        ],
        without: ZOD_CHUNK,
      },
      "/auth": { modules: ["src/features/auth/components/auth-page.tsx"], without: ZOD_CHUNK },
    }),
    precompress(),
  ],
  resolve: {
    alias: {
      "@": new URL("./src", import.meta.url).pathname,
      "use-sync-external-store/shim": new URL("./src/lib/sync-external-store.ts", import.meta.url).pathname,
    },
  },
  define: {
    "import.meta.env.VITE_APP_VERSION": JSON.stringify(version),
    "import.meta.env.VITE_BUILD_VERSION": JSON.stringify(buildVersion),
  },
  server: { proxy: { "/api": proxyTo, "/.well-known": proxyTo } },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    sourcemap: true,
    modulePreload: {
      // Every browser the app supports preloads modules itself.
      polyfill: false,
      // The chunks every page loads with its entry: in index.html, not in each lazy import's list.
      resolveDependencies: preloadsBesideEntry(LOADED_WITH_ENTRY),
    },
    rolldownOptions: {
      output: {
        // Libraries change less often than our code: separate chunks stay cached across releases.
        codeSplitting: {
          groups: [
            { name: "react", test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/ },
            // Only pages behind sign-in load it; its settings are made without it (src/lib/zod-config.ts).
            { name: "zod", test: /node_modules[\\/]zod[\\/]/ },
            // i18next and the part of its React binding every page reads texts through (not <Trans>).
            { name: "i18next", test: I18NEXT },
            // The small shared parts the pages open to visitors show (sign-in, errors, update notices),
            // with lucide's own code and their icons: one file of them compresses better than a dozen.
            { name: "public-ui", test: (id) => PUBLIC_UI.test(id) || PUBLIC_ICONS.test(id) },
            // Icons are tiny: one chunk of them all costs less than a request for each few. Sign-in
            // does not load the app's hundreds, nor does the chat's first screen.
            { name: "icons-chat", test: CHAT_ICONS },
            { name: "icons", test: /node_modules[\\/]lucide-react[\\/]/ },
          ],
        },
      },
    },
  },
});
