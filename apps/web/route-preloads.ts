// Build step: for the pages named in vite.config.ts, the files their lazy route needs beyond the
// entry's, written to route-preloads.json. The server lists them in that page's HTML
// (`<link rel="modulepreload">`), so the browser fetches and compiles them beside the entry instead
// of after it has run and the router has asked for them.
import { writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import type { Plugin } from "vite";

/** What the server adds to one page's HTML: scripts to preload as modules, stylesheets to fetch. */
export interface RoutePreload {
  scripts: string[];
  styles: string[];
}

/** The part of a bundled chunk this step reads (Rollup's and Rolldown's OutputChunk). */
export interface BundledChunk {
  type: "chunk";
  fileName: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  imports: string[];
  viteMetadata?: { importedCss: Set<string> };
}
type BundledFile = BundledChunk | { type: "asset"; fileName: string };

/** A page's lazy route modules, relative to the app's folder, and the chunks it must not load first. */
export interface RouteModules {
  modules: string[];
  /** Modules the page loads once it is up, without a click (not preloaded): checked against `without`. */
  later?: string[];
  /** Chunks (file names such as `assets/zod-1a2b.js`) kept off the page's first screen. */
  without?: RegExp;
}

/**
 * Each page's files: the static imports of its route modules' chunks, followed through, less what
 * the entry already loads (index.html lists those). A module without a chunk of its own is an error:
 * a renamed or no longer lazy route would otherwise lose its preloads without a word. So is a chunk
 * the page must not load first (`without`), in the entry's files, the page's or those it loads later.
 */
export function routePreloadsOf(
  bundle: Record<string, BundledFile>,
  routes: Record<string, RouteModules>,
  base = "/",
): Record<string, RoutePreload> {
  const chunks = new Map<string, BundledChunk>();
  for (const file of Object.values(bundle)) if (file.type === "chunk") chunks.set(file.fileName, file);
  const closure = (start: BundledChunk[], skip: Set<string> = new Set()) => {
    const seen: BundledChunk[] = [];
    const names = new Set(skip);
    const visit = (chunk: BundledChunk | undefined) => {
      if (!chunk || names.has(chunk.fileName)) return;
      names.add(chunk.fileName);
      seen.push(chunk);
      for (const name of chunk.imports) visit(chunks.get(name));
    };
    start.forEach(visit);
    return seen;
  };
  const entries = [...chunks.values()].filter((c) => c.isEntry);
  const fromEntry = closure(entries);
  const loaded = new Set(fromEntry.map((c) => c.fileName));
  const entryStyles = new Set(fromEntry.flatMap((c) => [...(c.viteMetadata?.importedCss ?? [])]));

  const result: Record<string, RoutePreload> = {};
  for (const [path, { modules, later = [], without }] of Object.entries(routes)) {
    const chunkOf = (id: string) => {
      const chunk = [...chunks.values()].find((c) => c.facadeModuleId === id);
      if (!chunk) throw new Error(`route preloads: ${path} names ${id}, which has no chunk of its own`);
      return chunk;
    };
    const needed = closure(modules.map(chunkOf), loaded);
    const firstScreen = [...fromEntry, ...needed, ...closure(later.map(chunkOf), loaded)];
    const kept = without && firstScreen.find((c) => without.test(c.fileName));
    if (kept) throw new Error(`route preloads: ${path} loads ${kept.fileName} on its first screen`);
    const styles = new Set(needed.flatMap((c) => [...(c.viteMetadata?.importedCss ?? [])]));
    result[path] = {
      scripts: needed.map((c) => base + c.fileName),
      styles: [...styles].filter((css) => !entryStyles.has(css)).map((css) => base + css),
    };
  }
  return result;
}

/** `routes`: a page's path → its lazy route's modules, and the chunks it must not load first. */
export function routePreloads(routes: Record<string, RouteModules>): Plugin {
  let root = process.cwd();
  let base = "/";
  let outDir = "dist";
  let preloads: Record<string, RoutePreload> = {};
  return {
    name: "tessera-route-preloads",
    apply: "build",
    configResolved(config) {
      root = config.root;
      base = config.base;
      outDir = resolve(config.root, config.build.outDir);
    },
    // Worked out while every chunk is in the bundle, with the styles it brings ...
    generateBundle(_options, bundle) {
      const absolute = Object.fromEntries(
        Object.entries(routes).map(([path, route]) => [
          path,
          {
            ...route,
            modules: route.modules.map((m) => resolve(root, m)),
            later: route.later?.map((m) => resolve(root, m)),
          },
        ]),
      );
      try {
        preloads = routePreloadsOf(bundle, absolute, base);
      } catch (error) {
        this.error(error instanceof Error ? error.message : String(error));
      }
    },
    // ... and written once the files are: a chunk of styles alone is dropped by then for its .css.
    writeBundle(options, bundle) {
      const written = (href: string) => href.slice(base.length) in bundle;
      const final = Object.fromEntries(
        Object.entries(preloads).map(([path, p]) => [
          path,
          { scripts: p.scripts.filter(written), styles: p.styles.filter(written) },
        ]),
      );
      writeFileSync(
        join(options.dir ?? outDir, "route-preloads.json"),
        `${JSON.stringify(final, null, 2)}\n`,
      );
    },
  };
}

/**
 * `build.modulePreload.resolveDependencies`: a lazy import's preload list leaves out the chunks the
 * entry loads (`loadedWithEntry`), in hand by then; index.html keeps them, so the browser fetches them
 * beside the entry, ahead of a page's route preloads, instead of once the entry has run.
 */
export function preloadsBesideEntry(loadedWithEntry: RegExp) {
  return (_file: string, deps: string[], { hostType }: { hostType: "html" | "js" }): string[] =>
    hostType === "html" ? deps : deps.filter((dep) => !loadedWithEntry.test(dep));
}
