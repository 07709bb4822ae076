// Creating a PGlite data folder. The build ships an empty, migrated database (a dump of its data
// folder, `pglite-seed.tar.gz` beside the bundle), and a first start unpacks it instead of running
// initdb and every migration. Without the dump (running from source), or should it fail to unpack,
// initdb runs in a short-lived child process as before.
import { execFile } from "node:child_process";
import {
  closeSync,
  createReadStream,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  renameSync,
  rmSync,
  writeSync,
} from "node:fs";
import { writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { createGunzip } from "node:zlib";
import type { PGlite, PGliteOptions } from "@electric-sql/pglite";

export const PGLITE_SEED_FILE = "pglite-seed.tar.gz";

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
 * over and leaving the server some 60 MB larger; streaming it to disk here keeps a first start
 * as small as a restart. The archive holds folders and regular files only (PGlite writes nothing
 * else, and reads nothing else back).
 */
async function unpackSeed(seed: string, dataDir: string): Promise<void> {
  const staging = `${dataDir}.unpacking-${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true, mode: 0o700 });
  let fd: number | null = null;
  try {
    let buffered: Buffer = Buffer.alloc(0);
    let write = 0; // bytes of the current file still to come
    let skip = 0; // padding to the next 512-byte header
    let ended = false;
    for await (const chunk of createReadStream(seed).pipe(createGunzip()) as AsyncIterable<Buffer>) {
      if (ended) continue;
      buffered = buffered.length ? Buffer.concat([buffered, chunk]) : chunk;
      let at = 0;
      for (;;) {
        if (write > 0) {
          const n = Math.min(write, buffered.length - at);
          writeSync(fd!, buffered, at, n);
          at += n;
          write -= n;
          if (write > 0) break;
        }
        if (fd !== null) {
          closeSync(fd);
          fd = null;
        }
        if (skip > 0) {
          const n = Math.min(skip, buffered.length - at);
          at += n;
          skip -= n;
          if (skip > 0) break;
        }
        if (buffered.length - at < 512) break;
        const header = buffered.subarray(at, at + 512);
        at += 512;
        if (header.every((b) => b === 0)) {
          ended = true;
          break;
        }
        const field = (from: number, to: number) => header.toString("latin1", from, to).replace(/\0.*$/s, "");
        const name = [field(345, 500), field(0, 100)].filter(Boolean).join("/").replace(/^\/+/, "");
        const size = parseInt(field(124, 136).trim() || "0", 8);
        const path = resolve(staging, name);
        if (!path.startsWith(staging + sep) || !Number.isSafeInteger(size))
          throw new Error(`bad entry ${name}`);
        const type = String.fromCharCode(header[156]!);
        if (type === "5") {
          mkdirSync(path, { recursive: true, mode: 0o700 });
        } else if (type === "0" || type === "\0") {
          mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
          fd = openSync(path, "w", 0o600);
          write = size;
        } else {
          throw new Error(`unsupported entry type ${type} for ${name}`);
        }
        skip = (512 - (size % 512)) % 512;
      }
      buffered = buffered.subarray(at);
    }
    if (!ended || !existsSync(join(staging, "PG_VERSION"))) throw new Error("incomplete database dump");
    rmSync(dataDir, { recursive: true, force: true }); // new, so empty if it exists
    renameSync(staging, dataDir);
  } finally {
    if (fd !== null) closeSync(fd);
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
