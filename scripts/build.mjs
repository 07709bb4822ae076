// `npm run build` (so `npm start`, the browser journeys and the benchmarks): builds the web app, then
// the server, each only when what it is built from changed since its own last build. What a
// workspace is built from is its folder, the contracts, the lock file and the root configuration, as
// git sees them (tracked files and new ones it does not ignore), plus the environment a build reads;
// their SHA-256 is kept beside the output in dist/.build-inputs once a build succeeds. A fresh clone
// has no dist/, so it builds everything. `npm run build -- --force` builds both regardless.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, lstatSync, readFileSync, readlinkSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";

const root = resolve(import.meta.dirname, "..");
const force = process.argv.includes("--force");
const SHARED = [
  "packages/contracts",
  "package.json",
  "package-lock.json",
  "tsconfig.base.json",
  "scripts/build.mjs",
];
const STAMP = ".build-inputs";

const WORKSPACES = [
  {
    name: "@tessera/web",
    dir: "apps/web",
    // Test files too: Tailwind finds class names in every file of the app, not only those bundled.
    inputs: ["apps/web", ...SHARED],
    skip: () => false,
    // Vite puts VITE_* variables into the bundle, and NODE_ENV picks its mode.
    env: (name) => name.startsWith("VITE_") || name === "NODE_ENV",
    outputs: ["dist/index.html"],
  },
  {
    name: "@tessera/server",
    dir: "apps/server",
    inputs: ["apps/server", ...SHARED],
    // esbuild bundles from the entry points, and no module imports a test file.
    skip: (file) => /\.test\.ts$/.test(file),
    env: (name) => name === "NODE_ENV",
    outputs: ["dist/main.js", "dist/pglite-seed.tar.gz"],
  },
];

/** Tracked and untracked, not ignored, files under `paths`; null outside a git checkout. */
function filesUnder(paths) {
  const git = spawnSync(
    "git",
    ["ls-files", "-z", "--cached", "--others", "--exclude-standard", "--", ...paths],
    {
      cwd: root,
      encoding: "utf8",
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  if (git.status !== 0) return null;
  return [...new Set(git.stdout.split("\0").filter(Boolean))].sort();
}

/** A file's SHA-256; where a link points; "-" for a tracked file deleted in the work tree. */
function contentOf(path) {
  const stat = lstatSync(path, { throwIfNoEntry: false });
  if (!stat) return "-";
  if (stat.isSymbolicLink()) return `link ${readlinkSync(path)}`;
  return stat.isFile() ? createHash("sha256").update(readFileSync(path)).digest("hex") : "other";
}

/** The SHA-256 of every input's path and content, and of the variables the build reads; null when unknown. */
function inputsHash(workspace) {
  const files = filesUnder(workspace.inputs);
  if (!files) return null;
  const hash = createHash("sha256");
  hash.update(`node ${process.versions.node.split(".")[0]}\0`);
  for (const file of files) {
    if (workspace.skip(file)) continue;
    hash.update(`${file}\0${contentOf(join(root, file))}\0`);
  }
  for (const name of Object.keys(process.env).filter(workspace.env).sort())
    hash.update(`env ${name}=${process.env[name]}\0`);
  return hash.digest("hex");
}

for (const workspace of WORKSPACES) {
  const stamp = join(root, workspace.dir, "dist", STAMP);
  const hash = inputsHash(workspace);
  const built = workspace.outputs.every((output) => existsSync(join(root, workspace.dir, output)));
  const last = existsSync(stamp) ? readFileSync(stamp, "utf8").trim() : null;
  if (!force && hash && built && last === hash) {
    console.log(
      `build: ${workspace.name} is up to date (nothing it is built from changed since ${workspace.dir}/dist was built)`,
    );
    continue;
  }
  // No stamp while building: a build that fails or is stopped leaves nothing that says it is current.
  rmSync(stamp, { force: true });
  const run = spawnSync("npm", ["run", "build", "-w", workspace.name], { cwd: root, stdio: "inherit" });
  if (run.status !== 0) process.exit(run.status ?? 1);
  if (hash) writeFileSync(stamp, `${hash}\n`);
}
