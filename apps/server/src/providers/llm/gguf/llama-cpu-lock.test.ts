// The lock installs llama.cpp's CPU build only: node-llama-cpp lists its GPU builds (about 730 MB of
// CUDA and Vulkan binaries) as optional dependencies, and apps/server/scripts/drop-gpu-builds.mjs keeps
// them out of package-lock.json. An upgrade or a lock made afresh brings them back; this says so.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

interface LockEntry {
  version?: string;
  optionalDependencies?: Record<string, string>;
}
const lock = JSON.parse(
  readFileSync(join(import.meta.dirname, "../../../../../../package-lock.json"), "utf8"),
) as {
  packages: Record<string, LockEntry>;
};
const GPU_BUILD = /@node-llama-cpp\/[^/]*-(cuda|cuda-ext|vulkan)$/;

describe("llama.cpp in the lock", () => {
  it("is node-llama-cpp 3.21.1 with its CPU build for Linux x64", () => {
    expect(lock.packages["node_modules/node-llama-cpp"]?.version).toBe("3.21.1");
    expect(lock.packages["node_modules/@node-llama-cpp/linux-x64"]?.version).toBe("3.21.1");
  });

  it("holds no GPU build: run `node apps/server/scripts/drop-gpu-builds.mjs` if this fails", () => {
    expect(Object.keys(lock.packages).filter((path) => GPU_BUILD.test(path))).toEqual([]);
    const wanted = Object.values(lock.packages).flatMap((e) => Object.keys(e.optionalDependencies ?? {}));
    expect(wanted.filter((name) => GPU_BUILD.test(name))).toEqual([]);
  });
});
