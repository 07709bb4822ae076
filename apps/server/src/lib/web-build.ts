// The built web app as this process found it at start, held in memory: every file of apps/web/dist
// (its .br and .gz copies beside it) but the source maps, and each page's HTML (spa-pages.ts). A new
// build written under a running server changes nothing this process serves, so a page it sent keeps
// getting the chunks it names; the new build is served by the processes started after it (a restart,
// a rolling deploy). Pages open from an older build ask for chunks that are gone, get a 404, and reload
// once (apps/web/src/lib/chunk-load.ts). About 3 MB for today's build.
import { readdir, readFile } from "node:fs/promises";
import { join, relative, sep } from "node:path";
import { getMimeType } from "hono/utils/mime";
import { loadSpaPages, type SpaPages } from "./spa-pages";

export interface WebFile {
  type: string;
  plain: Buffer;
  br?: Buffer;
  gzip?: Buffer;
}

export interface WebBuild {
  pages: SpaPages;
  /** The file at a URL path ("/assets/index-a1.js"), or undefined when the build has none. */
  file(path: string): WebFile | undefined;
  /** How many files and bytes are held, for the start-up log. */
  size: { files: number; bytes: number };
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}

export async function loadWebBuild(webDist: string): Promise<WebBuild> {
  const pages = await loadSpaPages(webDist);
  const paths = await filesUnder(webDist);
  const present = new Set(paths);
  const files = new Map<string, WebFile>();
  let bytes = 0;
  for (const path of paths) {
    // Maps are for debuggers, read from disk when asked; compressed copies ride with their original.
    if (/\.(map|br|gz)$/.test(path)) continue;
    const url = `/${relative(webDist, path).split(sep).join("/")}`;
    const read = async (p: string) => (present.has(p) ? await readFile(p) : undefined);
    const [plain, br, gzip] = await Promise.all([readFile(path), read(`${path}.br`), read(`${path}.gz`)]);
    bytes += plain.length + (br?.length ?? 0) + (gzip?.length ?? 0);
    files.set(url, { type: getMimeType(path) ?? "application/octet-stream", plain, br, gzip });
  }
  return { pages, file: (path) => files.get(path), size: { files: files.size, bytes } };
}

/** The copy to send for an Accept-Encoding header: Brotli, then gzip, then the plain bytes. */
export function pickEncoding(
  file: WebFile,
  acceptEncoding: string,
): { body: Buffer; encoding?: "br" | "gzip" } {
  const accepts = (name: string) =>
    new RegExp(`(^|[\\s,])${name}(;q=(?!0(\\.0*)?\\b)[\\d.]+)?($|[\\s,;])`).test(acceptEncoding);
  if (file.br && accepts("br")) return { body: file.br, encoding: "br" };
  if (file.gzip && accepts("gzip")) return { body: file.gzip, encoding: "gzip" };
  return { body: file.plain };
}
