// Bundles the server (and the workspace packages it imports) into dist/main.js. Packages from
// node_modules stay external and load as usual.
import { build } from "esbuild";

await build({
  entryPoints: ["src/main.ts"],
  outfile: "dist/main.js",
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
});
