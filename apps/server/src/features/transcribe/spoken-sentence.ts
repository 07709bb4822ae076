// Test material for dictation: eSpeak NG (the WASM build the voice-over uses) says a known sentence,
// and ffmpeg encodes it the way Chrome's recorder does (webm with Opus). Tests only.
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runProgram } from "../../providers/transcription/run-program";

export const SENTENCE = "please open the weather report for tomorrow";
/** The words that carry the sentence; a transcript is judged by how many of them come back. */
export const CONTENT_WORDS = ["please", "open", "weather", "report", "tomorrow"];

type ESpeakModule = (options: {
  arguments: string[];
  print?: (line: string) => void;
  printErr?: (line: string) => void;
}) => Promise<{ FS: { readFile(path: string): Uint8Array } }>;

/** 22,050 Hz mono 16-bit WAV of `text` in eSpeak's US English voice. */
export async function speakWav(text: string, wordsPerMinute = 160): Promise<Uint8Array> {
  // Loaded by name: the package ships no types, and only tests need it here.
  const name = "espeak-ng";
  const { default: eSpeak } = (await import(name)) as { default: ESpeakModule };
  const quiet = () => {};
  const run = await eSpeak({
    arguments: ["-v", "en-us", "-s", String(wordsPerMinute), "-w", "/out.wav", text],
    print: quiet,
    printErr: quiet,
  });
  return run.FS.readFile("/out.wav");
}

/** `wav` re-encoded by ffmpeg as webm/Opus (what Chrome's MediaRecorder sends). */
export async function toWebm(ffmpeg: string, wav: Uint8Array): Promise<Uint8Array> {
  const dir = await mkdtemp(join(tmpdir(), "tessera-speech-test-"));
  try {
    await writeFile(join(dir, "in.wav"), wav);
    const args = ["-nostdin", "-loglevel", "error", "-i", join(dir, "in.wav"), "-c:a", "libopus"];
    const result = await runProgram(ffmpeg, [...args, "-b:a", "32k", "-y", join(dir, "out.webm")], {
      timeoutMs: 20_000,
    });
    if (result.code !== 0) throw new Error(`ffmpeg could not encode webm: ${result.stderr}`);
    return new Uint8Array(await readFile(join(dir, "out.webm")));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** How many of `expected` appear among the words of `transcript`. */
export function wordsRecognised(transcript: string, expected: string[]): string[] {
  const heard = new Set(transcript.toLowerCase().split(/[^a-z']+/));
  return expected.filter((word) => heard.has(word));
}
