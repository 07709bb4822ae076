// A tiny GGUF model (the server tests' own: two layers, random weights, a known answer) served on
// loopback the way a model hub serves files, slowly enough that a journey sees its download's
// progress bar move: about four seconds for its 150 KB.
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

const serverTest = resolve(import.meta.dirname, "../../apps/server/src/test");

interface Hub {
  add(repo: string, file: string, bytes: Buffer, opts?: { bytesPerSecond?: number }): string;
  close(): Promise<void>;
}
const load = <T>(file: string) => import(pathToFileURL(join(serverTest, file)).href) as Promise<T>;

/** Starts the server; `url` is the model file's download address. */
export async function startModelFileServer(): Promise<{ url: string; close(): Promise<void> }> {
  const { writeTinyGguf } = await load<{ writeTinyGguf: (path: string) => Promise<number> }>("tiny-gguf.ts");
  const { startModelHub } = await load<{ startModelHub: () => Promise<Hub> }>("model-hub.ts");
  const path = join(mkdtempSync(join(tmpdir(), "tessera-e2e-gguf-")), "model.gguf");
  await writeTinyGguf(path);
  const hub = await startModelHub();
  const url = hub.add("tessera-e2e/tiny-GGUF", "tiny-e2e.gguf", readFileSync(path), {
    bytesPerSecond: 40_000,
  });
  return { url, close: () => hub.close() };
}
