// Bundles the server (and the workspace packages it imports) into dist/main.js. Packages from
// node_modules stay external and load as usual. Then writes dist/pglite-seed.tar.gz, an empty PGlite
// database with every migration applied, which a first start unpacks instead of creating one.
import { rmSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const options = {
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  sourcemap: true,
  logLevel: "warning",
  plugins: [
    {
      name: "external-node-modules",
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith("@tessera/") ? undefined : { external: true },
        );
      },
    },
  ],
};

await build({ ...options, entryPoints: ["src/main.ts"], outfile: "dist/main.js" });

// The seed is written by the server's own code (bundled like the server, so it resolves the same
// packages), from the migrations folder the server applies at every start (drizzle/ beside dist/).
const seedWriter = "dist/write-pglite-seed.js";
await build({
  ...options,
  entryPoints: ["src/db/pglite-data-dir.ts"],
  outfile: seedWriter,
  sourcemap: false,
});
try {
  const { writePgliteSeed, PGLITE_SEED_FILE } = await import(new URL(seedWriter, import.meta.url).href);
  await writePgliteSeed(`dist/${PGLITE_SEED_FILE}`, fileURLToPath(new URL("drizzle", import.meta.url)));
} finally {
  rmSync(seedWriter);
}
