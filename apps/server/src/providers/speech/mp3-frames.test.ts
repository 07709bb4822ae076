import { describe, expect, it } from "vitest";
import { readMp3 } from "./mp3-frames";
import { toneMp3 } from "./test-audio";

const id3 = (size: number) => {
  const tag = new Uint8Array(10 + size);
  tag.set([
    0x49,
    0x44,
    0x33,
    4,
    0,
    0,
    (size >> 21) & 0x7f,
    (size >> 14) & 0x7f,
    (size >> 7) & 0x7f,
    size & 0x7f,
  ]);
  return tag;
};

describe("readMp3", () => {
  const tone = toneMp3(2);

  it("finds the frames of an MP3 and how long it plays", () => {
    const info = readMp3(tone)!;
    expect(info).toMatchObject({ sampleRate: 24_000, bitrateKbps: 64, offset: 0, end: tone.byteLength });
    // 2 s plus the encoder's delay and padding, in 576-sample frames.
    expect(info.durationMs).toBeGreaterThanOrEqual(2000);
    expect(info.durationMs).toBeLessThan(2150);
  });

  it("skips an ID3v2 tag and stops before trailing bytes such as an ID3v1 tag", () => {
    const bytes = Buffer.concat([id3(300), tone, Buffer.from("TAG".padEnd(128, "x"))]);
    const info = readMp3(bytes)!;
    expect(info.offset).toBe(310);
    expect(info.end).toBe(310 + tone.byteLength);
    expect(info.durationMs).toBe(readMp3(tone)!.durationMs);
  });

  it("is null for what is not MP3 audio", () => {
    expect(readMp3(new Uint8Array())).toBeNull();
    expect(readMp3(Buffer.from('{"error":{"message":"nope"}}'))).toBeNull();
    expect(readMp3(Buffer.from("RIFF....WAVEfmt "))).toBeNull();
    expect(readMp3(new Uint8Array([0xff, 0xfb, 0x90, 0x00]))).toBeNull();
    expect(readMp3(id3(20))).toBeNull();
  });
});
