// The embedded recogniser: ffmpeg turns the recording into 16 kHz mono 16-bit WAV (all PocketSphinx
// reads), then PocketSphinx's US English model recognises it. Basic: clear, unhurried English works;
// much else comes back wrong. Works with Debian's `pocketsphinx_continuous` (0.8) and with the
// `pocketsphinx` command of version 5, which prints one JSON object per utterance.
import { mkdtemp, rm, stat, writeFile } from "node:fs/promises";
import { availableParallelism, tmpdir } from "node:os";
import { basename, join } from "node:path";
import { DICTATION_AUDIO } from "@tessera/contracts";
import { createGate } from "./gate";
import { ProgramTimeoutError, runProgram } from "./run-program";
import { TranscriptionError, type Transcriber, type TranscriptionRequest } from "./types";

/** Longer recordings would hold a CPU for minutes; a hosted service takes them. */
export const OFFLINE_MAX_SECONDS = DICTATION_AUDIO.maxSeconds;
const WAV_BYTES_PER_SECOND = 16_000 * 2;
const DECODE_TIMEOUT_MS = 60_000;

export interface PocketsphinxConfig {
  ffmpeg: string;
  pocketsphinx: string;
  /** Time allowed to recognise one recording. */
  timeoutMs: number;
}

export function createPocketsphinxTranscriber(config: PocketsphinxConfig): Transcriber {
  // Recognition is CPU-bound: one recording per core, a short queue after that.
  const gate = createGate(Math.max(1, availableParallelism()), 16);
  return {
    engine: "pocketsphinx",
    model: "pocketsphinx",
    basic: true,
    transcribe: (request) => gate.run(() => recognise(config, request)),
  };
}

async function recognise(config: PocketsphinxConfig, request: TranscriptionRequest): Promise<string> {
  if (request.language && !/^en([-_]|$)/i.test(request.language))
    throw new TranscriptionError(
      "unsupported-language",
      "The offline recogniser understands English only. A transcription service (TRANSCRIBE_BASE_URL) handles other languages.",
    );
  const dir = await mkdtemp(join(tmpdir(), "tessera-dictation-"));
  try {
    const input = join(dir, `recording.${request.format.ext}`);
    const wav = join(dir, "speech.wav");
    await writeFile(input, request.bytes);
    await decode(config, request, input, wav);
    return await listen(config, wav, request.signal);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function decode(config: PocketsphinxConfig, request: TranscriptionRequest, input: string, wav: string) {
  const args = [
    ...["-nostdin", "-hide_banner", "-loglevel", "error", "-protocol_whitelist", "file"],
    ...["-f", request.format.demuxer, "-i", input],
    ...["-vn", "-map", "0:a:0", "-ac", "1", "-ar", "16000", "-c:a", "pcm_s16le"],
    ...["-t", String(OFFLINE_MAX_SECONDS + 0.5), "-f", "wav", "-y", wav],
  ];
  const result = await run(config.ffmpeg, args, DECODE_TIMEOUT_MS, request.signal);
  const size = result.code === 0 ? ((await stat(wav).catch(() => null))?.size ?? 0) : 0;
  if (size <= 44)
    throw new TranscriptionError(
      "unreadable",
      "Could not convert speech to text: the recording could not be decoded.",
      {
        cause: new Error(result.stderr.trim().slice(0, 500) || `ffmpeg exited with ${result.code}`),
      },
    );
  if ((size - 44) / WAV_BYTES_PER_SECOND >= OFFLINE_MAX_SECONDS)
    throw new TranscriptionError(
      "too-long",
      `Recordings longer than ${OFFLINE_MAX_SECONDS / 60} minutes cannot be transcribed offline.`,
    );
}

async function listen(config: PocketsphinxConfig, wav: string, signal?: AbortSignal): Promise<string> {
  const version5 = basename(config.pocketsphinx) === "pocketsphinx";
  const args = version5 ? ["single", wav] : ["-infile", wav, "-logfn", "/dev/null"];
  const result = await run(config.pocketsphinx, args, config.timeoutMs, signal);
  if (result.code !== 0)
    throw new TranscriptionError(
      "unavailable",
      "The offline recogniser failed. Check that pocketsphinx and its US English model (pocketsphinx-en-us) are installed.",
      { cause: new Error(result.stderr.trim().slice(-500) || `pocketsphinx exited with ${result.code}`) },
    );
  return parseHypotheses(result.stdout);
}

/** One line per utterance: plain text (0.8) or a JSON object whose `t` is the text (5.x). */
export function parseHypotheses(stdout: string): string {
  const words = stdout.split("\n").map((line) => {
    const trimmed = line.trim();
    if (!trimmed.startsWith("{")) return trimmed;
    try {
      const parsed = JSON.parse(trimmed) as { t?: unknown };
      return typeof parsed.t === "string" ? parsed.t : "";
    } catch {
      return "";
    }
  });
  return words
    .join(" ")
    .replace(/<\/?s>|<sil>|\[\w+\]|\(\d+\)/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

async function run(program: string, args: string[], timeoutMs: number, signal?: AbortSignal) {
  try {
    return await runProgram(program, args, { timeoutMs, signal });
  } catch (cause) {
    if (signal?.aborted) throw cause;
    const message =
      cause instanceof ProgramTimeoutError
        ? "The offline recogniser took too long with this recording."
        : `The offline recogniser could not start ${basename(program)}.`;
    throw new TranscriptionError("unavailable", message, { cause });
  }
}
