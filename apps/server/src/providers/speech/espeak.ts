// The embedded voice engine: eSpeak NG (WASM) speaks in a worker thread, one script at a time, and
// lamejs encodes its 22,050 Hz mono WAV to a 128 kbps MP3 there too. The worker starts on first use,
// keeps the compiled WASM, and ends after a few idle minutes; a job that hangs ends the worker and
// fails alone, and the next job starts a fresh one.
import { Worker } from "node:worker_threads";
import { cleanScript, VOICE_SCRIPT_MAX, type VoiceId } from "@tessera/contracts";
import { espeakArgs } from "./espeak-voices";
import { ESPEAK_WORKER_SOURCE } from "./espeak-worker-source";
import { NothingToSpeakError, SpeechProviderError, type SpeechAudio, type SpeechProvider } from "./types";

/** Far above what 10,000 characters take (about 2 s to speak and 15 s to encode on a slow machine). */
const JOB_TIMEOUT_MS = 120_000;
const IDLE_MS = 5 * 60_000;
/** Scripts waiting beyond this are refused at once rather than left to time out. */
const MAX_WAITING = 12;

export interface WavAudio {
  /** A RIFF/WAVE file: 16-bit PCM, mono. */
  wav: Uint8Array;
  sampleRate: number;
  samples: number;
  durationMs: number;
}

interface Reply {
  id: number;
  ok: boolean;
  message?: string;
  sampleRate?: number;
  samples?: number;
  peak?: number;
  wav?: Uint8Array;
  mp3?: Uint8Array;
}

interface Job {
  id: number;
  text: string;
  args: string[];
  mp3: boolean;
  resolve: (reply: Reply) => void;
  reject: (error: Error) => void;
}

const fail = (message: string, cause?: unknown) => new SpeechProviderError("espeak", message, { cause });

function createEngine() {
  let worker: Worker | null = null;
  let ready = false;
  let current: { job: Job; timer: NodeJS.Timeout } | null = null;
  const waiting: Job[] = [];
  let nextId = 1;
  let idleTimer: NodeJS.Timeout | null = null;

  const start = () => {
    const w = new Worker(new URL(`data:text/javascript,${encodeURIComponent(ESPEAK_WORKER_SOURCE)}`), {
      workerData: {
        espeakUrl: import.meta.resolve("espeak-ng"),
        wasmUrl: new URL("espeak-ng.wasm", import.meta.resolve("espeak-ng")).href,
        lameUrl: import.meta.resolve("@breezystack/lamejs"),
      },
    });
    w.on("message", (message: Reply | { ready: true }) => {
      if ("ready" in message) {
        ready = true;
        return pump();
      }
      if (!current || current.job.id !== message.id) return;
      const { job, timer } = current;
      clearTimeout(timer);
      current = null;
      job.resolve(message);
      pump();
    });
    // A crash (out of memory, a failed start) fails the job it was doing; the next job restarts it.
    w.on("error", (error) => stop(w, fail("The offline voice engine stopped.", error)));
    w.on("exit", () => stop(w, fail("The offline voice engine stopped.")));
    worker = w;
    ready = false;
  };

  const stop = (w: Worker, error: Error) => {
    if (worker !== w) return;
    worker = null;
    ready = false;
    void w.terminate();
    if (current) {
      clearTimeout(current.timer);
      current.job.reject(error);
      current = null;
    }
    pump();
  };

  const pump = () => {
    if (idleTimer) clearTimeout(idleTimer);
    idleTimer = null;
    if (current) return;
    const job = waiting.shift();
    if (!job) {
      // Idle: the process may exit without waiting for the worker, which ends after a while.
      worker?.unref();
      if (worker) {
        const w = worker;
        idleTimer = setTimeout(() => stop(w, fail("idle")), IDLE_MS).unref();
      }
      return;
    }
    if (!worker) start();
    worker!.ref();
    if (!ready) {
      waiting.unshift(job);
      return;
    }
    const w = worker!;
    current = {
      job,
      timer: setTimeout(() => stop(w, fail("The offline voice engine took too long.")), JOB_TIMEOUT_MS),
    };
    w.postMessage({ id: job.id, text: job.text, args: job.args, mp3: job.mp3 });
  };

  return {
    run(text: string, voice: VoiceId, mp3: boolean): Promise<Reply> {
      if (waiting.length >= MAX_WAITING)
        return Promise.reject(fail("The offline voice engine has too many scripts waiting."));
      return new Promise<Reply>((resolve, reject) => {
        waiting.push({ id: nextId++, text, args: espeakArgs(voice), mp3, resolve, reject });
        pump();
      });
    },
  };
}

let engine: ReturnType<typeof createEngine> | null = null;

async function speakWithEspeak(text: string, voice: VoiceId, mp3: boolean) {
  const script = cleanScript(text).trim();
  if (!script) throw new NothingToSpeakError();
  if (script.length > VOICE_SCRIPT_MAX)
    throw new RangeError(`A script is at most ${VOICE_SCRIPT_MAX} characters.`);
  engine ??= createEngine();
  const reply = await engine.run(script, voice, mp3);
  if (!reply.ok) throw fail(`eSpeak NG could not speak this script: ${reply.message ?? "unknown error"}`);
  if (!reply.peak) throw new NothingToSpeakError();
  const durationMs = Math.round((reply.samples! / reply.sampleRate!) * 1000);
  return { ...reply, durationMs };
}

/** Speaks a script as a WAV (16-bit mono, 22,050 Hz) with one of the six voice presets. */
export async function synthesizeWav(text: string, voice: VoiceId): Promise<WavAudio> {
  const r = await speakWithEspeak(text, voice, false);
  return { wav: r.wav!, sampleRate: r.sampleRate!, samples: r.samples!, durationMs: r.durationMs };
}

/** Speaks a script as a 128 kbps mono MP3 with one of the six voice presets. */
export async function synthesize(text: string, voice: VoiceId): Promise<SpeechAudio> {
  const r = await speakWithEspeak(text, voice, true);
  if (!r.mp3?.byteLength) throw fail("The MP3 encoder returned no audio.");
  return { mp3: r.mp3, durationMs: r.durationMs };
}

export const espeakProvider: SpeechProvider = {
  id: "espeak",
  engine: {
    id: "espeak",
    name: "eSpeak NG",
    offline: true,
    note: "Offline voices made on this server: clear, but synthetic. Natural voices need OpenAI TTS (OPENAI_API_KEY).",
  },
  speak: (text, voice) => synthesize(text, voice),
};
