// Which files a page's HTML lists for preloading: its route modules' chunks and their static imports,
// followed through, less the entry's own; the styles they bring, less the entry's; and a build error
// for a route module that has no chunk of its own.
import { describe, expect, it } from "vitest";
import { preloadsBesideEntry, routePreloadsOf, type BundledChunk } from "./route-preloads";

function chunk(
  fileName: string,
  facadeModuleId: string | null,
  imports: string[],
  css: string[] = [],
): BundledChunk {
  return {
    type: "chunk",
    fileName,
    isEntry: false,
    facadeModuleId,
    imports,
    viteMetadata: { importedCss: new Set(css) },
  };
}

const bundle = {
  "assets/index-1.js": {
    ...chunk("assets/index-1.js", "/app/src/main.tsx", ["assets/react-2.js"], ["assets/index-3.css"]),
    isEntry: true,
  },
  "assets/react-2.js": chunk("assets/react-2.js", null, []),
  "assets/index-3.css": { type: "asset" as const, fileName: "assets/index-3.css" },
  "assets/shell-4.js": chunk(
    "assets/shell-4.js",
    "/app/src/shell.tsx",
    ["assets/react-2.js", "assets/icons-5.js"],
    ["assets/app-6.css"],
  ),
  "assets/icons-5.js": chunk("assets/icons-5.js", null, ["assets/react-2.js"]),
  "assets/chat-7.js": chunk(
    "assets/chat-7.js",
    "/app/src/chat.tsx",
    ["assets/icons-5.js", "assets/zod-8.js"],
    ["assets/index-3.css"],
  ),
  "assets/zod-8.js": chunk("assets/zod-8.js", null, ["assets/chat-7.js"]), // a cycle back to the route
  "assets/other-9.js": chunk("assets/other-9.js", "/app/src/other.tsx", ["assets/zod-8.js"]),
};

describe("route preloads", () => {
  it("lists each route's chunks and their imports once, in order, without the entry's", () => {
    const preloads = routePreloadsOf(bundle, {
      "/dashboard/chat": { modules: ["/app/src/shell.tsx", "/app/src/chat.tsx"] },
    });
    expect(preloads).toEqual({
      "/dashboard/chat": {
        scripts: ["/assets/shell-4.js", "/assets/icons-5.js", "/assets/chat-7.js", "/assets/zod-8.js"],
        styles: ["/assets/app-6.css"], // index-3.css comes with the entry
      },
    });
  });

  it("puts the app's base before every file", () => {
    const preloads = routePreloadsOf(bundle, { "/x": { modules: ["/app/src/other.tsx"] } }, "/tessera/");
    expect(preloads["/x"]!.scripts).toEqual([
      "/tessera/assets/other-9.js",
      "/tessera/assets/zod-8.js",
      "/tessera/assets/chat-7.js",
      "/tessera/assets/icons-5.js",
    ]);
  });

  it("fails for a route module without a chunk of its own (renamed, or no longer loaded lazily)", () => {
    expect(() =>
      routePreloadsOf(bundle, { "/dashboard/chat": { modules: ["/app/src/chat-page.tsx"] } }),
    ).toThrow("route preloads: /dashboard/chat names /app/src/chat-page.tsx, which has no chunk of its own");
  });

  it("fails for a chunk the page must not load first, however it is reached", () => {
    const without = /^assets\/zod-\w+\.js$/;
    expect(() =>
      routePreloadsOf(bundle, {
        "/dashboard/chat": { modules: ["/app/src/shell.tsx", "/app/src/chat.tsx"], without },
      }),
    ).toThrow("route preloads: /dashboard/chat loads assets/zod-8.js on its first screen");
    // Through the entry's own imports too.
    const fromEntry = {
      ...bundle,
      "assets/index-1.js": { ...bundle["assets/index-1.js"], imports: ["assets/zod-8.js"] },
    };
    expect(() =>
      routePreloadsOf(fromEntry, { "/auth": { modules: ["/app/src/shell.tsx"], without } }),
    ).toThrow("route preloads: /auth loads assets/zod-8.js on its first screen");
    expect(
      routePreloadsOf(bundle, { "/auth": { modules: ["/app/src/shell.tsx"], without } })["/auth"],
    ).toEqual({
      scripts: ["/assets/shell-4.js", "/assets/icons-5.js"],
      styles: ["/assets/app-6.css"],
    });
  });
});

describe("module preloads beside the entry", () => {
  const resolve = preloadsBesideEntry(/^assets\/(react|i18next)-\w+\.js$/);
  const deps = ["assets/react-a1.js", "assets/i18next-b2.js", "assets/chat-route-c3.js"];

  it("index.html preloads the chunks the entry imports", () => {
    expect(resolve("assets/index-d4.js", deps, { hostType: "html" })).toEqual(deps);
  });

  it("a lazy import's list leaves them out: the entry has loaded them", () => {
    expect(resolve("assets/chat-route-c3.js", deps, { hostType: "js" })).toEqual(["assets/chat-route-c3.js"]);
  });
});
