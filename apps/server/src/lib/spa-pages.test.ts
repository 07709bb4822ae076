// Each page's HTML: index.html with the page's route code listed for preloading, as route-preloads.json
// (written by the web build) names it; index.html as built for every other page, for a build without
// the file, and for a file that is not what the build writes.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { scratchDirs } from "../test/scratch-dirs";
import { loadSpaPages } from "./spa-pages";

const scratch = scratchDirs("tessera-spa-pages-");

const INDEX = `<!doctype html>
<html lang="en">
  <head>
    <title>Tessera</title>
    <script type="module" crossorigin src="/assets/index-a1.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>
`;
const CHAT = {
  scripts: ["/assets/app-shell-b2.js", "/assets/chat-route-c3.js"],
  styles: ["/assets/app-styles-d4.css"],
};

function dist(preloads?: unknown, index = INDEX): string {
  const dir = scratch();
  writeFileSync(join(dir, "index.html"), index);
  if (preloads !== undefined)
    writeFileSync(
      join(dir, "route-preloads.json"),
      typeof preloads === "string" ? preloads : JSON.stringify(preloads),
    );
  return dir;
}

/** The preloads in a page's head, in order, as [rel, as, href]. */
function preloadsIn(html: string): string[][] {
  const head = html.slice(0, html.indexOf("</head>"));
  return [
    ...head.matchAll(/<link rel="(modulepreload|preload)"(?: as="(\w+)")? crossorigin href="([^"]+)">/g),
  ].map((m) => [m[1]!, m[2] ?? "", m[3]!]);
}

describe("the pages' HTML", () => {
  it("lists a named page's scripts as module preloads and its styles as style preloads, in the head", async () => {
    const pages = await loadSpaPages(dist({ "/dashboard/chat": CHAT }));
    const html = pages.htmlFor("/dashboard/chat");
    expect(preloadsIn(html)).toEqual([
      ["modulepreload", "", "/assets/app-shell-b2.js"],
      ["modulepreload", "", "/assets/chat-route-c3.js"],
      ["preload", "style", "/assets/app-styles-d4.css"],
    ]);
    // Everything else of index.html is as built: the entry, the root, one head.
    expect(html).toContain('<script type="module" crossorigin src="/assets/index-a1.js"></script>');
    expect(html).toContain('<body><div id="root"></div></body>');
    expect(html.match(/<\/head>/g)).toHaveLength(1);
    expect(pages.problem).toBeNull();
  });

  it("matches the path as the router does, with or without a trailing slash", async () => {
    const pages = await loadSpaPages(
      dist({ "/dashboard/chat": CHAT, "/auth": { scripts: ["/assets/a.js"], styles: [] } }),
    );
    expect(preloadsIn(pages.htmlFor("/dashboard/chat/"))).toHaveLength(3);
    expect(preloadsIn(pages.htmlFor("/auth"))).toEqual([["modulepreload", "", "/assets/a.js"]]);
  });

  it("answers index.html as built for a page the file does not name", async () => {
    const pages = await loadSpaPages(dist({ "/dashboard/chat": CHAT }));
    for (const path of ["/", "/dashboard", "/dashboard/compare", "/dashboard/chatter", "/DASHBOARD/CHAT"])
      expect(pages.htmlFor(path)).toBe(INDEX);
  });

  it("answers index.html for every page when the build wrote no route-preloads.json", async () => {
    const pages = await loadSpaPages(dist());
    expect(pages.htmlFor("/dashboard/chat")).toBe(INDEX);
    expect(pages.problem).toBeNull();
  });

  it("uses none of a file that could write other markup, or is not JSON, and says why", async () => {
    const cases: [unknown, RegExp][] = [
      [
        { "/dashboard/chat": { scripts: ['/assets/x.js"><script>alert(1)</script>'], styles: [] } },
        /route-preloads/,
      ],
      [{ "/dashboard/chat": { scripts: ["https://elsewhere.example/x.js"], styles: [] } }, /route-preloads/],
      [
        { "/dashboard/chat": { scripts: ["/assets/x.js"], styles: ["/assets/y.css"] }, '/a"b': CHAT },
        /route-preloads/,
      ],
      [{ "/dashboard/chat": { scripts: ["/assets/x.js"] } }, /route-preloads/],
      ["{ not json", /route-preloads/],
    ];
    for (const [file, reason] of cases) {
      const pages = await loadSpaPages(dist(file));
      expect(pages.htmlFor("/dashboard/chat")).toBe(INDEX);
      expect(pages.problem).toMatch(reason);
    }
  });

  it("uses none of the file when index.html has no head to put the links in", async () => {
    const bare = "<!doctype html><title>Tessera</title>";
    const pages = await loadSpaPages(dist({ "/dashboard/chat": CHAT }, bare));
    expect(pages.htmlFor("/dashboard/chat")).toBe(bare);
    expect(pages.problem).toMatch(/no <\/head>/);
  });
});
