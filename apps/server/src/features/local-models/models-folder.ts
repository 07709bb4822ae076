// The models folder (DATA_DIR/models): where downloads land (`<name>.gguf`, and `<name>.gguf.part`
// while they last), which files an admin placed there themselves, and how much room is left on it.
import { mkdir, readdir, stat, statfs } from "node:fs/promises";
import { isAbsolute, join, relative, resolve, sep } from "node:path";
import { AppError } from "../../lib/errors";

export interface ModelsFolder {
  dir: string;
  /** The absolute path of a file given relative to the folder; refuses one that leaves it. */
  pathOf(file: string): string;
  partialOf(file: string): string;
  /** `.gguf` files anywhere below the folder, relative to it, with their sizes. */
  files(): Promise<{ path: string; sizeBytes: number }[]>;
  /** Bytes the disk holding the folder has free for this process, or null when it cannot say. */
  freeBytes(): Promise<number | null>;
}

const MAX_DEPTH = 3;

export function createModelsFolder(
  dir: string,
  opts: { statfs?: (dir: string) => Promise<{ bavail: number; bsize: number }> } = {},
): ModelsFolder {
  const root = resolve(dir);
  const ready = mkdir(root, { recursive: true });
  const readFs = opts.statfs ?? ((d: string) => statfs(d));

  const pathOf = (file: string) => {
    const full = resolve(root, file);
    const rel = relative(root, full);
    if (!rel || rel.startsWith("..") || isAbsolute(rel) || rel.split(sep).includes(".."))
      throw new AppError("BAD_REQUEST", "That path is not inside the models folder.");
    return full;
  };

  async function walk(at: string, depth: number, out: { path: string; sizeBytes: number }[]) {
    const entries = await readdir(at, { withFileTypes: true }).catch(() => []);
    for (const e of entries) {
      const full = join(at, e.name);
      if (e.isDirectory() && depth < MAX_DEPTH) await walk(full, depth + 1, out);
      else if (/\.gguf$/i.test(e.name) && (e.isFile() || e.isSymbolicLink())) {
        const info = await stat(full).catch(() => null);
        if (info?.isFile())
          out.push({ path: relative(root, full).split(sep).join("/"), sizeBytes: info.size });
      }
    }
    return out;
  }

  return {
    dir: root,
    pathOf,
    partialOf: (file) => `${pathOf(file)}.part`,
    async files() {
      await ready;
      return (await walk(root, 0, [])).sort((a, b) => a.path.localeCompare(b.path));
    },
    async freeBytes() {
      await ready;
      try {
        const s = await readFs(root);
        return s.bavail * s.bsize;
      } catch {
        return null;
      }
    },
  };
}
