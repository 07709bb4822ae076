// Keeps llama.cpp's GPU builds (CUDA, Vulkan: about 730 MB) out of package-lock.json, so `npm ci`
// installs the CPU build only. node-llama-cpp lists every build as an optional dependency and npm
// has no way to leave out some optional dependencies of one package (an override to a missing
// version makes `npm ci` refuse the lock), so the lock is edited instead: the builds' entries go, and
// so do the edges to them. npm keeps the lock that way on later installs. Run it after anything
// rewrites node-llama-cpp's part of the lock (an upgrade, a lock made afresh); the server's test
// `providers/llm/gguf/llama-cpu-lock.test.ts` fails while GPU builds are in the lock.
// Usage: node apps/server/scripts/drop-gpu-builds.mjs [path/to/package-lock.json]
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const file = process.argv[2] ?? fileURLToPath(new URL("../../../package-lock.json", import.meta.url));
const GPU_BUILD = /^@node-llama-cpp\/[^/]*-(cuda|cuda-ext|vulkan)$/;
const lock = JSON.parse(readFileSync(file, "utf8"));
let dropped = 0;
for (const path of Object.keys(lock.packages)) {
  if (GPU_BUILD.test(path.replace(/^.*node_modules\//, ""))) {
    delete lock.packages[path];
    dropped++;
  }
}
for (const entry of Object.values(lock.packages))
  for (const name of Object.keys(entry.optionalDependencies ?? {}))
    if (GPU_BUILD.test(name)) delete entry.optionalDependencies[name];
writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
process.stdout.write(`dropped ${dropped} GPU build(s) of llama.cpp from ${file}\n`);
