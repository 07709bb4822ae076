// Creating a PGlite data folder. The build ships an empty, migrated database (a dump of its data
// folder, `pglite-seed.tar.gz` beside the bundle), and a first start unpacks it instead of running
// initdb and every migration. Without the dump (running from source), or should it fail to unpack,
// initdb runs in a short-lived child process as before.
import { execFile } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { gunzipSync } from "node:zlib";
import type { PGlite, PGliteOptions } from "@electric-sql/pglite";

export const PGLITE_SEED_FILE = "pglite-seed.tar.gz";

/** More than any empty database unpacks to (about 42 MB): a damaged size field cannot ask for more. */
const MAX_SEED_BYTES = 512 * 1024 * 1024;

/** The dump the build writes beside the bundle (dist/); from source there is none. */
export function bundledPgliteSeed(): string | null {
  const file = join(dirname(fileURLToPath(import.meta.url)), PGLITE_SEED_FILE);
  return existsSync(file) ? file : null;
}

/**
 * Writes the dump the build ships: a new database with every migration in `migrationsFolder`
 * applied, by the same migrator the server runs at each start. No seed data: that depends on the
 * configuration and is applied at every start anyway.
 */
export async function writePgliteSeed(outFile: string, migrationsFolder: string): Promise<void> {
  const [{ PGlite }, { drizzle }, { migrate }] = await Promise.all([
    import("@electric-sql/pglite"),
    import("drizzle-orm/pglite"),
    import("drizzle-orm/pglite/migrator"),
  ]);
  const client = new PGlite();
  try {
    await migrate(drizzle(client), { migrationsFolder });
    const dump = await client.dumpDataDir("gzip");
    await writeFile(outFile, new Uint8Array(await dump.arrayBuffer()));
  } finally {
    await client.close();
  }
}

/** A dump as PGlite's `loadDataDir` takes it, for a database kept in memory. */
export async function readPgliteSeed(seed: string): Promise<Blob> {
  return new Blob([await readFile(seed)], { type: "application/x-gzip" });
}

const isNewFolder = (dataDir: string) => !existsSync(dataDir) || readdirSync(dataDir).length === 0;

/**
 * Opens the PGlite database in `dataDir`, creating it first when the folder is new: from `seed`
 * when there is one (the migrations newer than the dump are then applied as on any start), else
 * (or should the dump fail to unpack) by initdb in a child process.
 */
export async function openPgliteDataDir(
  dataDir: string,
  seed: string | null,
  options: PGliteOptions = {},
): Promise<PGlite> {
  if (seed !== null && isNewFolder(dataDir)) {
    try {
      await unpackSeed(seed, dataDir);
    } catch {
      // The folder is created by initdb instead.
    }
  }
  await createInChildProcess(dataDir);
  const { PGlite } = await import("@electric-sql/pglite");
  return new PGlite(dataDir, options);
}

/**
 * Unpacks the dump into a folder beside `dataDir` and renames it into place, so that a start
 * stopped halfway leaves no half database behind. PGlite's own `loadDataDir` would do the same
 * inside the WebAssembly file system, holding the whole 40 MB archive in memory two or three times
 * over and leaving the server some 60 MB larger. Here it is inflated into one buffer of the size
 * the archive declares (gzip's last four bytes), a single large allocation that the system takes
 * back once it is collected, and each file is written straight from it. (Streamed through zlib, its
 * thousands of small buffers had left the process's malloc heap some 15 MB larger for good.) The
 * archive holds folders and regular files only (PGlite writes nothing else, and reads nothing else
 * back).
 */
async function unpackSeed(seed: string, dataDir: string): Promise<void> {
  const staging = `${dataDir}.unpacking-${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true, mode: 0o700 });
  try {
    const packed = await readFile(seed);
    const declared = packed.length >= 4 ? packed.readUInt32LE(packed.length - 4) : 0;
    const tar = gunzipSync(packed, { chunkSize: Math.min(Math.max(declared, 64 * 1024), MAX_SEED_BYTES) });
    let at = 0;
    let ended = false;
    while (at + 512 <= tar.length) {
      const header = tar.subarray(at, at + 512);
      at += 512;
      if (header.every((b) => b === 0)) {
        ended = true;
        break;
      }
      const field = (from: number, to: number) => header.toString("latin1", from, to).replace(/\0.*$/s, "");
      const name = [field(345, 500), field(0, 100)].filter(Boolean).join("/").replace(/^\/+/, "");
      const size = parseInt(field(124, 136).trim() || "0", 8);
      const path = resolve(staging, name);
      if (!path.startsWith(staging + sep) || !Number.isSafeInteger(size) || at + size > tar.length)
        throw new Error(`bad entry ${name}`);
      const type = String.fromCharCode(header[156]!);
      if (type === "5") {
        mkdirSync(path, { recursive: true, mode: 0o700 });
      } else if (type === "0" || type === "\0") {
        mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
        writeFileSync(path, tar.subarray(at, at + size), { mode: 0o600 });
      } else {
        throw new Error(`unsupported entry type ${type} for ${name}`);
      }
      at += size + ((512 - (size % 512)) % 512);
    }
    if (!ended || !existsSync(join(staging, "PG_VERSION"))) throw new Error("incomplete database dump");
    rmSync(dataDir, { recursive: true, force: true }); // new, so empty if it exists
    renameSync(staging, dataDir);
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

/**
 * Creating a PGlite database runs initdb in WebAssembly, which leaves the process that did it about
 * 500 MB larger for good (the memory is freed, not handed back to the system): a server that created
 * its database idled at some 850 MB, one that opened an existing database at about a third of that.
 * A new data folder is therefore created by a short-lived child process, and this one only opens it.
 * Should the child fail, PGlite creates the folder here as before.
 */
async function createInChildProcess(dataDir: string): Promise<void> {
  if (existsSync(join(dataDir, "PG_VERSION"))) return;
  const entry = createRequire(import.meta.url).resolve("@electric-sql/pglite");
  const script = `const { PGlite } = require(${JSON.stringify(entry)});
(async () => { const db = new PGlite(${JSON.stringify(dataDir)}); await db.waitReady; await db.close(); })()
  .catch((err) => { console.error(err); process.exit(1); });`;
  try {
    await promisify(execFile)(process.execPath, ["-e", script], { timeout: 120_000 });
  } catch {
    // The folder is created in this process instead.
  }
}
