// Recordings are recognised by their first bytes. Browsers record webm (Chrome, Firefox) or mp4
// (Safari); people may also send ogg, wav, mp3 or flac. `demuxer` pins ffmpeg to that one format, so
// a file cannot talk ffmpeg into reading something else (a playlist naming local files, say).
export interface AudioFormat {
  ext: "webm" | "ogg" | "wav" | "mp4" | "mp3" | "flac";
  mime: string;
  demuxer: "matroska" | "ogg" | "wav" | "mov" | "mp3" | "flac";
}

const FORMATS = {
  webm: { ext: "webm", mime: "audio/webm", demuxer: "matroska" },
  ogg: { ext: "ogg", mime: "audio/ogg", demuxer: "ogg" },
  wav: { ext: "wav", mime: "audio/wav", demuxer: "wav" },
  mp4: { ext: "mp4", mime: "audio/mp4", demuxer: "mov" },
  mp3: { ext: "mp3", mime: "audio/mpeg", demuxer: "mp3" },
  flac: { ext: "flac", mime: "audio/flac", demuxer: "flac" },
} as const satisfies Record<string, AudioFormat>;

export function sniffAudio(b: Uint8Array): AudioFormat | null {
  const ascii = (at: number, text: string) => [...text].every((ch, i) => b[at + i] === ch.charCodeAt(0));
  if (b.length < 12) return null;
  if (b[0] === 0x1a && b[1] === 0x45 && b[2] === 0xdf && b[3] === 0xa3) return FORMATS.webm;
  if (ascii(0, "OggS")) return FORMATS.ogg;
  if (ascii(0, "RIFF") && ascii(8, "WAVE")) return FORMATS.wav;
  if (ascii(4, "ftyp")) return FORMATS.mp4;
  if (ascii(0, "fLaC")) return FORMATS.flac;
  if (ascii(0, "ID3") || (b[0] === 0xff && (b[1]! & 0xe0) === 0xe0)) return FORMATS.mp3;
  return null;
}

/** What a browser may call a recording; anything else is refused before the bytes are read. */
export function isAudioMediaType(type: string): boolean {
  const base = type.split(";")[0]!.trim().toLowerCase();
  return (
    base === "" ||
    base === "application/octet-stream" ||
    base.startsWith("audio/") ||
    ["video/webm", "video/mp4", "video/ogg"].includes(base)
  );
}
