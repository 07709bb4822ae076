import { VOICE_IDS, VOICE_SCRIPT_MAX, type VoiceId } from "@tessera/contracts";
import { describe, expect, it } from "vitest";
import { watchMainThread } from "../../test/main-thread-cpu";
import { synthesize, synthesizeWav } from "./espeak";
import { readMp3 } from "./mp3-frames";
import { decodeWithFfmpeg, medianPitch, pcmOf } from "./test-audio";
import { NothingToSpeakError } from "./types";

const SCRIPT =
  "Welcome to Tessera. This voice-over was made on your own server, without any network. Thank you for listening!";

describe("eSpeak NG voices", () => {
  it("speaks each of the six voices as a valid 128 kbps MP3 as long as its WAV, each voice its own", async () => {
    const made: Record<string, { bytes: number; ms: number; pitch: number }> = {};
    for (const voice of VOICE_IDS) {
      const { mp3, durationMs } = await synthesize(SCRIPT, voice);
      const wav = await synthesizeWav(SCRIPT, voice);
      expect(wav.sampleRate).toBe(22_050);
      expect(durationMs).toBe(wav.durationMs);

      const info = readMp3(mp3);
      expect(info).toMatchObject({ sampleRate: 22_050, bitrateKbps: 128, offset: 0, end: mp3.byteLength });
      // ffmpeg decodes every frame; the MP3 plays as long as the WAV, plus the encoder's padding.
      const decoded = await decodeWithFfmpeg(mp3);
      expect(decoded.stderr).toBe("");
      const decodedMs = (decoded.samples / 22_050) * 1000;
      expect(decodedMs).toBeGreaterThanOrEqual(wav.durationMs - 10);
      expect(decodedMs - wav.durationMs).toBeLessThan(150);
      expect(Math.abs(info!.durationMs - decodedMs)).toBeLessThan(30);
      expect(durationMs).toBeGreaterThan(4000);
      expect(durationMs).toBeLessThan(15_000);

      made[voice] = { bytes: mp3.byteLength, ms: durationMs, pitch: medianPitch(pcmOf(wav.wav), 22_050) };
    }
    // Distinct presets: the lower voices and the higher ones apart, sage the slowest, vibe the quickest.
    for (const v of ["alloy", "verse", "sage"] satisfies VoiceId[]) expect(made[v]!.pitch).toBeLessThan(140);
    for (const v of ["coral", "vibe", "nova"] satisfies VoiceId[])
      expect(made[v]!.pitch).toBeGreaterThan(170);
    expect(made.nova!.pitch).toBeGreaterThan(made.coral!.pitch);
    expect(made.verse!.pitch).toBeLessThan(made.alloy!.pitch);
    const byLength = Object.entries(made).sort((a, b) => a[1].ms - b[1].ms);
    expect(byLength[0]![0]).toBe("vibe");
    expect(byLength.at(-1)![0]).toBe("sage");
    expect(new Set(Object.values(made).map((m) => m.ms)).size).toBe(6);
  }, 120_000);

  it("speaks a 10,000-character script without holding up the event loop", async () => {
    const sentence = "The lighthouse keeper climbs the stairs at dusk, and the lamp turns until morning. ";
    const script = sentence.repeat(Math.ceil(VOICE_SCRIPT_MAX / sentence.length)).slice(0, VOICE_SCRIPT_MAX);
    // Counted in this thread's CPU time: speaking it here would be seconds of it between two ticks.
    const watch = watchMainThread(20);
    // Only the synthesis is watched: the checks below read the 8 MB MP3 on this thread themselves.
    const { mp3, durationMs } = await synthesize(script, "alloy");
    expect(watch.stop().longestMs).toBeLessThan(250);
    expect(durationMs).toBeGreaterThan(8 * 60_000);
    const info = readMp3(mp3)!;
    expect(Math.abs(info.durationMs - durationMs)).toBeLessThan(150);
    expect((await decodeWithFfmpeg(mp3)).stderr).toBe("");
  }, 120_000);

  it("takes scripts one at a time and answers each", async () => {
    const lines = ["One little line.", "Two little lines, a bit longer.", "Three."];
    const results = await Promise.all(lines.map((line, i) => synthesizeWav(line, VOICE_IDS[i]!)));
    expect(results.map((r) => r.durationMs)).toEqual(
      await Promise.all(lines.map(async (line, i) => (await synthesizeWav(line, VOICE_IDS[i]!)).durationMs)),
    );
    expect(results[2]!.durationMs).toBeLessThan(results[1]!.durationMs);
  }, 60_000);

  it("reads odd input without failing: control characters, NUL, emoji, other scripts, option-like text", async () => {
    const nul = await synthesizeWav("before\u0000after, and more words", "alloy");
    const plain = await synthesizeWav("beforeafter, and more words", "alloy");
    // A NUL would have ended the text at "before"; it is dropped instead.
    expect(nul.samples).toBe(plain.samples);
    for (const text of [
      "😀🎉 party time 🚀",
      "你好世界。",
      "-v xx --help -w /etc/passwd",
      "\u0007bell\u001b[31m red",
    ]) {
      const { mp3 } = await synthesize(text, "coral");
      expect(readMp3(mp3)).not.toBeNull();
    }
  }, 60_000);

  it("refuses what has nothing to say, or is too long, before speaking", async () => {
    for (const text of ["", "   \n\t ", "\u0000\u0001", "...", "?!"])
      await expect(synthesize(text, "alloy")).rejects.toBeInstanceOf(NothingToSpeakError);
    await expect(synthesize("a ".repeat(VOICE_SCRIPT_MAX), "alloy")).rejects.toBeInstanceOf(RangeError);
  }, 30_000);
});
