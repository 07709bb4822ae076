// Build step: writes a gzip and a Brotli copy beside every text asset of the build, so the server
// sends them compressed (serveStatic's `precompressed`) without compressing on each request.
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { Plugin } from "vite";

const TEXT_ASSET = /\.(js|mjs|css|html|svg|json|webmanifest|txt)$/;
/** Below this, compression saves less than its headers cost. */
const MIN_BYTES = 1024;

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

export function precompress(): Plugin {
  let outDir = "dist";
  return {
    name: "tessera-precompress",
    apply: "build",
    configResolved(config) {
      outDir = config.build.outDir;
    },
    closeBundle() {
      for (const file of filesUnder(outDir)) {
        if (!TEXT_ASSET.test(file)) continue;
        const bytes = readFileSync(file);
        if (bytes.length < MIN_BYTES) continue;
        writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(bytes, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
            },
          }),
        );
      }
    },
  };
}
