// The eSpeak worker thread's code. It is a string, started as a data: URL module, because the server
// ships as one bundled file and a worker needs a module of its own; the packages it loads are passed
// in as absolute URLs. Synthesis (WASM) and MP3 encoding both run here, so a 10,000-character script
// never holds up the server's event loop. The worker takes one job at a time:
//   in:  { id, text, args, mp3 }      args: eSpeak command-line options of the voice preset
//   out: { id, ok: true, sampleRate, samples, peak, wav?, mp3? } | { id, ok: false, message }
export const ESPEAK_WORKER_SOURCE = String.raw`
import { parentPort, workerData } from "node:worker_threads";
import { readFile } from "node:fs/promises";

const { espeakUrl, wasmUrl, lameUrl } = workerData;
const { default: ESpeakNg } = await import(espeakUrl);
// Compiled once; every job instantiates it afresh, so no state carries over between scripts.
const wasm = await WebAssembly.compile(await readFile(new URL(wasmUrl)));
let Mp3Encoder;

async function speak(text, args) {
  const stderr = [];
  let exitStatus = 0;
  let fail;
  const failed = new Promise((_, reject) => (fail = reject));
  const module = await Promise.race([
    ESpeakNg({
      arguments: [...args, "-w", "/out.wav", "-f", "/in.txt"],
      preRun: [(m) => m.FS.writeFile("/in.txt", text)],
      instantiateWasm(imports, receive) {
        WebAssembly.instantiate(wasm, imports).then((instance) => {
          try {
            receive(instance, wasm);
          } catch (error) {
            fail(error);
          }
        }, fail);
        return {};
      },
      print() {},
      printErr: (line) => stderr.push(line),
      // eSpeak's main() ends through here; the default would set this thread's exit code.
      quit: (status, error) => {
        exitStatus = status;
        throw error;
      },
    }),
    failed,
  ]);
  if (exitStatus !== 0) throw new Error("espeak-ng exited with " + exitStatus + ": " + stderr.join(" ").slice(0, 300));
  return module.FS.readFile("/out.wav");
}

function readWav(bytes) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const tag = (at) => String.fromCharCode(bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]);
  if (bytes.byteLength < 12 || tag(0) !== "RIFF" || tag(8) !== "WAVE") throw new Error("espeak-ng wrote no WAV");
  let sampleRate = 0;
  for (let at = 12; at + 8 <= bytes.byteLength; ) {
    const size = view.getUint32(at + 4, true);
    if (tag(at) === "fmt ") sampleRate = view.getUint32(at + 12, true);
    if (tag(at) === "data") {
      // eSpeak may leave the size unset when it streams; the file's end is the data's end then.
      const end = Math.min(bytes.byteLength, at + 8 + size);
      const pcm = new Int16Array(bytes.slice(at + 8, at + 8 + ((end - at - 8) & ~1)).buffer);
      return { sampleRate, pcm };
    }
    at += 8 + size + (size & 1);
  }
  throw new Error("espeak-ng wrote a WAV without data");
}

async function encodeMp3(pcm, sampleRate) {
  Mp3Encoder ??= (await import(lameUrl)).Mp3Encoder;
  const encoder = new Mp3Encoder(1, sampleRate, 128);
  const parts = [];
  const block = 1152 * 16;
  for (let at = 0; at < pcm.length; at += block) parts.push(encoder.encodeBuffer(pcm.subarray(at, at + block)));
  parts.push(encoder.flush());
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

parentPort.on("message", async ({ id, text, args, mp3 }) => {
  try {
    const wav = await speak(text, args);
    const { sampleRate, pcm } = readWav(wav);
    let peak = 0;
    for (let i = 0; i < pcm.length; i++) peak = Math.max(peak, Math.abs(pcm[i]));
    const reply = { id, ok: true, sampleRate, samples: pcm.length, peak };
    if (mp3 && peak > 0) {
      reply.mp3 = await encodeMp3(pcm, sampleRate);
      parentPort.postMessage(reply, [reply.mp3.buffer]);
    } else {
      reply.wav = wav;
      parentPort.postMessage(reply, [wav.buffer]);
    }
  } catch (error) {
    parentPort.postMessage({ id, ok: false, message: String((error && error.message) || error) });
  }
});
parentPort.postMessage({ ready: true });
`;
