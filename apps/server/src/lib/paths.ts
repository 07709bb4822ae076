import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/**
 * Finds `relative` in this module's folder or the nearest one above it. The server runs both from
 * src/ (tests, dev) and bundled into dist/, so paths to shipped files are looked up rather than fixed.
 */
export function findUp(relative: string, from = dirname(fileURLToPath(import.meta.url))): string | null {
  let dir = from;
  for (;;) {
    const candidate = join(dir, relative);
    if (existsSync(candidate)) return candidate;
    const parent = dirname(dir);
    if (parent === dir) return null;
    dir = parent;
  }
}

let cachedVersion: string | undefined;
export function appVersion(): string {
  if (cachedVersion) return cachedVersion;
  const file = findUp("apps/server/package.json") ?? findUp("package.json");
  cachedVersion = file ? (JSON.parse(readFileSync(file, "utf8")) as { version: string }).version : "0.0.0";
  return cachedVersion;
}
