// The web app's HTML as each page gets it: index.html, and for the pages the web build names in
// route-preloads.json, that page's route code listed in its head. The browser then fetches and compiles
// it beside the entry, where otherwise it would ask only once the entry had run and the router had
// matched the page.
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { z } from "zod";

/** Only the build's own hashed files under /assets/: nothing in the file can write other markup. */
const assetPath = z.string().regex(/^\/assets\/[\w.-]+\.(js|css)$/);
const preloadsSchema = z.record(
  z.string().regex(/^\/[\w/-]*$/),
  z.object({ scripts: z.array(assetPath), styles: z.array(assetPath) }),
);

export interface SpaPages {
  /** The HTML for a page's path; index.html as built for a page with nothing to preload. */
  htmlFor(path: string): string;
  /** Why route-preloads.json was not used, when it was there and could not be; else null. */
  problem: string | null;
}

/** A path as the router matches it: "/dashboard/chat/" is "/dashboard/chat". */
const normalise = (path: string) => (path.length > 1 && path.endsWith("/") ? path.slice(0, -1) : path);

export async function loadSpaPages(webDist: string): Promise<SpaPages> {
  const index = await readFile(join(webDist, "index.html"), "utf8");
  let raw: string;
  try {
    raw = await readFile(join(webDist, "route-preloads.json"), "utf8");
  } catch {
    return { htmlFor: () => index, problem: null }; // a build without it: every page gets index.html
  }
  let problem: string | null = null;
  const pages = new Map<string, string>();
  try {
    const parsed = preloadsSchema.safeParse(JSON.parse(raw));
    if (!parsed.success) throw new Error(parsed.error.issues[0]?.message ?? "unexpected shape");
    if (!index.includes("</head>")) throw new Error("index.html has no </head>");
    for (const [path, { scripts, styles }] of Object.entries(parsed.data)) {
      // In CORS mode, as the build writes its own and as the route's loader asks for them (it adds a
      // stylesheet link with crossorigin), so the browser uses what it has fetched instead of fetching again.
      const links = [
        ...scripts.map((href) => `<link rel="modulepreload" crossorigin href="${href}">`),
        ...styles.map((href) => `<link rel="preload" as="style" crossorigin href="${href}">`),
      ];
      pages.set(normalise(path), index.replace("</head>", `  ${links.join("\n    ")}\n  </head>`));
    }
  } catch (error) {
    problem = `route-preloads.json: ${error instanceof Error ? error.message : String(error)}`;
    pages.clear();
  }
  return { htmlFor: (path) => pages.get(normalise(path)) ?? index, problem };
}
