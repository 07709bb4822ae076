// Tests only: decode an MP3 with ffmpeg (the real check that it plays), estimate a voice's pitch, and
// make a small MP3 without the speech engine.
import { execFile } from "node:child_process";
import { Mp3Encoder } from "@breezystack/lamejs";
import { testFfmpeg } from "../../test/test-path";

/** Decodes with ffmpeg to 16-bit mono PCM at the file's own rate; fails on any decoding error. */
export function decodeWithFfmpeg(mp3: Uint8Array): Promise<{ samples: number; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      testFfmpeg(),
      [
        "-nostdin",
        "-v",
        "error",
        "-xerror",
        "-f",
        "mp3",
        "-i",
        "pipe:0",
        "-f",
        "s16le",
        "-ac",
        "1",
        "pipe:1",
      ],
      { encoding: "buffer", maxBuffer: 256 * 1024 * 1024 },
      (error, stdout, stderr) => {
        if (error)
          return reject(new Error(`ffmpeg could not decode: ${stderr.toString()}`, { cause: error }));
        resolve({ samples: stdout.byteLength / 2, stderr: stderr.toString() });
      },
    );
    child.stdin!.end(Buffer.from(mp3));
  });
}

/** 16-bit PCM of a RIFF/WAVE file (eSpeak's: one data chunk after a 44-byte header). */
export function pcmOf(wav: Uint8Array): Int16Array {
  const copy = wav.slice(44);
  return new Int16Array(copy.buffer, 0, copy.byteLength >> 1);
}

/** The median pitch of the voiced 40 ms windows, by autocorrelation between 60 and 400 Hz. */
export function medianPitch(pcm: Int16Array, sampleRate: number): number {
  const window = Math.round(sampleRate * 0.04);
  const pitches: number[] = [];
  for (let start = 0; start + window * 2 < pcm.length; start += window) {
    let energy = 0;
    for (let i = 0; i < window; i++) energy += pcm[start + i]! ** 2;
    if (energy / window < 1e6) continue;
    let best = 0;
    let lag = 0;
    for (let l = Math.floor(sampleRate / 400); l < sampleRate / 60; l++) {
      let c = 0;
      for (let i = 0; i < window; i++) c += pcm[start + i]! * pcm[start + i + l]!;
      if (c > best) [best, lag] = [c, l];
    }
    if (lag) pitches.push(sampleRate / lag);
  }
  pitches.sort((a, b) => a - b);
  return pitches[pitches.length >> 1] ?? 0;
}

/** `seconds` of a 440 Hz tone as a 64 kbps mono MP3 at 24 kHz (what OpenAI TTS answers with). */
export function toneMp3(seconds: number, sampleRate = 24_000): Uint8Array {
  const pcm = new Int16Array(Math.round(seconds * sampleRate));
  for (let i = 0; i < pcm.length; i++)
    pcm[i] = Math.round(8000 * Math.sin((2 * Math.PI * 440 * i) / sampleRate));
  const encoder = new Mp3Encoder(1, sampleRate, 64);
  // lamejs hands back Int8Arrays, whatever its types say.
  const bytes = (part: ArrayBufferView) => new Uint8Array(part.buffer, part.byteOffset, part.byteLength);
  return Buffer.concat([bytes(encoder.encodeBuffer(pcm)), bytes(encoder.flush())]);
}
