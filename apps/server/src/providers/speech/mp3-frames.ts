// Reads an MP3's frame headers (MPEG-1, 2 and 2.5 Layer III): whether bytes are an MP3 at all, and
// how long it plays. Used to check what a remote engine sent and to time it.

const BITRATES = {
  mpeg1: [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],
  mpeg2: [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
};
const SAMPLE_RATES: Record<number, number[]> = {
  3: [44100, 48000, 32000], // MPEG-1
  2: [22050, 24000, 16000], // MPEG-2
  0: [11025, 12000, 8000], // MPEG-2.5
};

export interface Mp3Info {
  frames: number;
  sampleRate: number;
  /** The first audio frame's bitrate. */
  bitrateKbps: number;
  durationMs: number;
  /** Where the first frame starts (after an ID3v2 tag) and where the last one ends. */
  offset: number;
  end: number;
}

interface Frame {
  length: number;
  samples: number;
  sampleRate: number;
  bitrateKbps: number;
}

function frameAt(bytes: Uint8Array, at: number): Frame | null {
  if (at + 4 > bytes.length || bytes[at] !== 0xff || (bytes[at + 1]! & 0xe0) !== 0xe0) return null;
  const version = (bytes[at + 1]! >> 3) & 3;
  const layer = (bytes[at + 1]! >> 1) & 3;
  const bitrateIndex = bytes[at + 2]! >> 4;
  const rateIndex = (bytes[at + 2]! >> 2) & 3;
  const padding = (bytes[at + 2]! >> 1) & 1;
  if (version === 1 || layer !== 1 || bitrateIndex === 0 || bitrateIndex === 15 || rateIndex === 3)
    return null;
  const mpeg1 = version === 3;
  const bitrateKbps = (mpeg1 ? BITRATES.mpeg1 : BITRATES.mpeg2)[bitrateIndex]!;
  const sampleRate = SAMPLE_RATES[version]![rateIndex]!;
  const length = Math.floor(((mpeg1 ? 144 : 72) * bitrateKbps * 1000) / sampleRate) + padding;
  return { length, samples: mpeg1 ? 1152 : 576, sampleRate, bitrateKbps };
}

/** Skips an ID3v2 tag (10-byte header, syncsafe size, optional footer). */
function id3Length(bytes: Uint8Array): number {
  if (bytes.length < 10 || bytes[0] !== 0x49 || bytes[1] !== 0x44 || bytes[2] !== 0x33) return 0;
  const size =
    ((bytes[6]! & 0x7f) << 21) | ((bytes[7]! & 0x7f) << 14) | ((bytes[8]! & 0x7f) << 7) | (bytes[9]! & 0x7f);
  return 10 + size + (bytes[5]! & 0x10 ? 10 : 0);
}

const isInfoFrame = (bytes: Uint8Array, at: number, length: number) => {
  const text = Buffer.from(bytes.subarray(at + 4, at + Math.min(length, 64))).toString("latin1");
  return text.includes("Xing") || text.includes("Info");
};

/**
 * The MP3's frames from its start to its last whole frame, or null when the bytes do not begin (after
 * an ID3v2 tag) with two consecutive Layer III frames, or with one that fills the whole file.
 */
export function readMp3(bytes: Uint8Array): Mp3Info | null {
  const offset = id3Length(bytes);
  const first = frameAt(bytes, offset);
  if (!first) return null;
  let at = offset;
  let frames = 0;
  let samples = 0;
  for (let frame: Frame | null = first; frame; frame = frameAt(bytes, at)) {
    if (at + frame.length > bytes.length) break;
    // A Xing/Info frame only describes the others; it plays no audio.
    if (!(frames === 0 && isInfoFrame(bytes, at, frame.length))) samples += frame.samples;
    frames += 1;
    at += frame.length;
  }
  const whole = at === bytes.length;
  if (frames < 2 && !(frames === 1 && whole)) return null;
  return {
    frames,
    sampleRate: first.sampleRate,
    bitrateKbps: first.bitrateKbps,
    durationMs: Math.round((samples / first.sampleRate) * 1000),
    offset,
    end: at,
  };
}
