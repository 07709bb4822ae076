// Tessera Sketch's drawing: a prompt becomes an abstract composition (palette, gradient ground, one
// of four motifs, a few accents and the prompt's key words as a caption), as SVG at the chosen ratio.
// Everything is derived from a hash of the prompt, so the same words draw the same picture; the
// ratio changes the frame, not the composition. It is a procedural sketch, not a picture of the words.
import { createHash } from "node:crypto";
import type { ImageAspectRatio } from "@tessera/contracts";
import { dimensionsFor } from "./image-size";

type Rng = () => number;

/** sfc32 seeded from a hash: small, fast and the same on every machine. */
function rngFrom(seed: Buffer): Rng {
  let a = seed.readUInt32LE(0);
  let b = seed.readUInt32LE(4);
  let c = seed.readUInt32LE(8);
  let d = seed.readUInt32LE(12);
  return () => {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
}

/** Words that pull the palette towards a mood; the first one found in the prompt wins. */
const MOODS: { words: string[]; hue: number; dark?: boolean; muted?: boolean }[] = [
  {
    words: ["night", "space", "galaxy", "star", "stars", "moon", "cosmic", "midnight", "dark"],
    hue: 245,
    dark: true,
  },
  { words: ["sunset", "sunrise", "fire", "flame", "autumn", "desert", "warm", "orange", "golden"], hue: 22 },
  {
    words: ["ocean", "sea", "water", "wave", "waves", "river", "lake", "rain", "ice", "blue", "sky"],
    hue: 205,
  },
  {
    words: ["forest", "tree", "trees", "jungle", "garden", "leaf", "leaves", "grass", "green", "nature"],
    hue: 135,
  },
  { words: ["rose", "love", "flower", "flowers", "pink", "blossom", "candy"], hue: 335 },
  { words: ["lavender", "purple", "violet", "dream", "magic", "mystic"], hue: 278 },
  { words: ["city", "neon", "cyberpunk", "robot", "future", "futuristic"], hue: 300, dark: true },
  { words: ["snow", "cloud", "clouds", "white", "fog", "mist", "minimal", "winter"], hue: 210, muted: true },
  { words: ["red", "dragon", "volcano", "lava"], hue: 6 },
  { words: ["yellow", "sun", "sunny", "lemon", "summer", "beach"], hue: 46 },
];

const STOP_WORDS = new Set(
  "a an and the of in on at to for with by from into over under about as is are be this that these those it its my your our their some very please make create draw generate image picture photo of showing".split(
    " ",
  ),
);

/** The prompt's first few meaningful words, for the caption and the mood. */
export function keyWords(prompt: string, max = 4): string[] {
  const words = prompt.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  const kept: string[] = [];
  for (const w of words) {
    if (w.length < 3 || STOP_WORDS.has(w) || kept.includes(w)) continue;
    kept.push(w);
    if (kept.length === max) break;
  }
  return kept;
}

const f = (n: number) => (Math.round(n * 10) / 10).toString();
/** A hex colour from hue, saturation and lightness (resvg reads hex everywhere). */
function hsl(h: number, s: number, l: number): string {
  const hue = ((h % 360) + 360) % 360;
  const sat = Math.min(100, Math.max(0, s)) / 100;
  const light = Math.min(100, Math.max(0, l)) / 100;
  const k = (n: number) => (n + hue / 30) % 12;
  const a = sat * Math.min(light, 1 - light);
  const channel = (n: number) =>
    Math.round(255 * (light - a * Math.max(-1, Math.min(k(n) - 3, 9 - k(n), 1))))
      .toString(16)
      .padStart(2, "0");
  return `#${channel(0)}${channel(8)}${channel(4)}`;
}
const escapeXml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

interface Palette {
  dark: boolean;
  ground: [string, string];
  glow: string[];
  accents: string[];
  ink: string;
}

function palette(prompt: string, rnd: Rng): Palette {
  const words = prompt.toLowerCase().match(/[\p{L}]+/gu) ?? [];
  // "snowy", "flowers", "waves": a mood word may start a longer one.
  const mood = MOODS.find((m) =>
    m.words.some((w) => words.some((x) => x === w || (w.length >= 4 && x.startsWith(w)))),
  );
  const hue = (mood ? mood.hue : rnd() * 360) + (rnd() - 0.5) * 24;
  const schemes = [
    [0, 28, -28, 56],
    [0, 180, 24, 204],
    [0, 120, 240, 30],
    [0, 150, 210, 18],
  ];
  const offsets = schemes[Math.floor(rnd() * schemes.length)]!;
  const dark = mood?.dark ?? rnd() < 0.55;
  const sat = mood?.muted ? 28 + rnd() * 14 : 62 + rnd() * 24;
  const groundLight = dark ? 9 + rnd() * 9 : 86 + rnd() * 6;
  const accentLight = dark ? 58 + rnd() * 12 : 48 + rnd() * 10;
  return {
    dark,
    ground: [
      hsl(hue, sat * 0.7, groundLight),
      hsl(hue + offsets[1]!, sat * 0.6, groundLight + (dark ? 10 : -10)),
    ],
    glow: [hsl(hue + offsets[2]!, sat, accentLight), hsl(hue + offsets[3]!, sat, accentLight + 6)],
    accents: offsets.map((o, i) => hsl(hue + o, sat + 6, accentLight + (i % 2 ? 8 : -4))),
    ink: dark ? "#ffffff" : "#141414",
  };
}

type Motif = (ctx: { w: number; h: number; rnd: Rng; p: Palette; defs: string[] }) => string;

/** Stacked bands of summed sine waves rising from the bottom, like hills or swell. */
const waves: Motif = ({ w, h, rnd, p }) => {
  const bands = 3 + Math.floor(rnd() * 3);
  let out = "";
  for (let i = 0; i < bands; i++) {
    const base = h * (0.45 + (0.45 * (i + 1)) / (bands + 1));
    const amp = h * (0.03 + rnd() * 0.07);
    const freq = (1 + rnd() * 2.5) * Math.PI * 2;
    const phase = rnd() * Math.PI * 2;
    const steps = 48;
    let d = `M0 ${f(h)}`;
    for (let s = 0; s <= steps; s++) {
      const x = (w * s) / steps;
      const t = s / steps;
      const y = base + amp * Math.sin(freq * t + phase) + amp * 0.4 * Math.sin(freq * 2.3 * t + phase * 1.7);
      d += ` L${f(x)} ${f(y)}`;
    }
    d += ` L${f(w)} ${f(h)} Z`;
    out += `<path d="${d}" fill="${p.accents[i % p.accents.length]}" opacity="${f(0.45 + (0.45 * i) / bands)}"/>`;
  }
  return out;
};

/** Overlapping discs and rings of several sizes. */
const orbs: Motif = ({ w, h, rnd, p, defs }) => {
  const m = Math.min(w, h);
  const count = 6 + Math.floor(rnd() * 8);
  let out = "";
  for (let i = 0; i < count; i++) {
    const cx = w * (0.08 + rnd() * 0.84);
    const cy = h * (0.1 + rnd() * 0.8);
    const r = m * (0.04 + rnd() ** 2 * 0.3);
    const color = p.accents[i % p.accents.length]!;
    if (rnd() < 0.3) {
      out += `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r)}" fill="none" stroke="${color}" stroke-width="${f(m * 0.008)}" opacity="0.85"/>`;
    } else {
      const id = `orb${i}`;
      defs.push(
        `<radialGradient id="${id}" cx="35%" cy="35%" r="75%"><stop offset="0" stop-color="${color}"/><stop offset="1" stop-color="${color}" stop-opacity="0.25"/></radialGradient>`,
      );
      out += `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r)}" fill="url(#${id})" opacity="${f(0.55 + rnd() * 0.4)}"/>`;
    }
  }
  return out;
};

/** Translucent triangles fanning across the frame. */
const shards: Motif = ({ w, h, rnd, p }) => {
  const count = 5 + Math.floor(rnd() * 5);
  let out = "";
  for (let i = 0; i < count; i++) {
    const pts = Array.from(
      { length: 3 },
      () => `${f(w * (rnd() * 1.2 - 0.1))},${f(h * (rnd() * 1.2 - 0.1))}`,
    );
    out += `<polygon points="${pts.join(" ")}" fill="${p.accents[i % p.accents.length]}" opacity="${f(0.25 + rnd() * 0.4)}"/>`;
  }
  return out;
};

/** A mosaic of rounded tiles whose colour drifts across the frame, some tiles missing. */
const mosaic: Motif = ({ w, h, rnd, p }) => {
  // Tiles sized on the long side, so a portrait frame gets fewer columns rather than smaller tiles.
  const size = Math.max(w, h) / (9 + Math.floor(rnd() * 8));
  const cols = Math.ceil(w / size);
  const rows = Math.ceil(h / size);
  const gap = size * 0.12;
  const angle = rnd() * Math.PI * 2;
  let out = "";
  for (let y = 0; y < rows; y++) {
    for (let x = 0; x < cols; x++) {
      if (rnd() < 0.18) continue;
      const t = (Math.cos(angle) * x) / cols + (Math.sin(angle) * y) / rows;
      const color = p.accents[Math.abs(Math.floor(t * 3 + rnd() * 1.2)) % p.accents.length]!;
      out += `<rect x="${f(x * size + gap / 2)}" y="${f(y * size + gap / 2)}" width="${f(size - gap)}" height="${f(size - gap)}" rx="${f(size * 0.18)}" fill="${color}" opacity="${f(0.35 + rnd() * 0.5)}"/>`;
    }
  }
  return out;
};

const MOTIFS = [waves, orbs, shards, mosaic];

export function proceduralSvg(prompt: string, ratio: ImageAspectRatio) {
  const normalised = prompt.trim().replace(/\s+/g, " ").toLowerCase();
  const rnd = rngFrom(createHash("sha256").update(normalised).digest());
  const { width: w, height: h } = dimensionsFor(ratio);
  const p = palette(normalised, rnd);
  const defs: string[] = [];
  const angle = rnd() * 360;
  defs.push(
    `<linearGradient id="ground" gradientTransform="rotate(${f(angle)} 0.5 0.5)"><stop offset="0" stop-color="${p.ground[0]}"/><stop offset="1" stop-color="${p.ground[1]}"/></linearGradient>`,
  );
  let glows = "";
  p.glow.forEach((color, i) => {
    defs.push(
      `<radialGradient id="glow${i}"><stop offset="0" stop-color="${color}" stop-opacity="${i === 0 ? 0.75 : 0.6}"/><stop offset="1" stop-color="${color}" stop-opacity="0"/></radialGradient>`,
    );
    const r = Math.max(w, h) * (0.35 + rnd() * 0.3);
    glows += `<circle cx="${f(w * rnd())}" cy="${f(h * rnd())}" r="${f(r)}" fill="url(#glow${i})"/>`;
  });
  const first = Math.floor(rnd() * MOTIFS.length);
  const ctx = { w, h, rnd, p, defs };
  let body = MOTIFS[first]!(ctx);
  // A second, fainter motif for depth, unless the first already fills the frame.
  if (MOTIFS[first] !== mosaic && rnd() < 0.6) {
    const second = MOTIFS[(first + 1 + Math.floor(rnd() * 2)) % MOTIFS.length]!;
    if (second !== mosaic) body = `<g opacity="0.45">${second(ctx)}</g>${body}`;
  }
  const sparks = Array.from({ length: 10 + Math.floor(rnd() * 20) }, () => {
    const r = Math.min(w, h) * (0.002 + rnd() * 0.005);
    return `<circle cx="${f(w * rnd())}" cy="${f(h * rnd())}" r="${f(r)}" fill="${p.ink}" opacity="${f(0.2 + rnd() * 0.5)}"/>`;
  }).join("");
  return {
    svg: svgDocument(w, h, defs, glows + body + sparks, caption(prompt, w, h, p)),
    width: w,
    height: h,
  };
}

function caption(prompt: string, w: number, h: number, p: Palette): string {
  const size = Math.max(11, Math.round(Math.min(w, h) * 0.03));
  const pad = Math.round(Math.min(w, h) * 0.05);
  // DejaVu Sans capitals are about 0.7 em wide, plus the letter spacing.
  const perChar = size * 0.9;
  const words: string[] = [];
  for (const word of keyWords(prompt).map((k) => k.toUpperCase())) {
    if ((words.join(" · ").length + word.length + 3) * perChar > w - pad * 2) break;
    words.push(word);
  }
  if (words.length === 0) return "";
  const scrim = pad + size * 4;
  return (
    // A soft band of the ground colour under the caption keeps it legible over any motif.
    `<linearGradient id="scrim" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.ground[0]}" stop-opacity="0"/><stop offset="1" stop-color="${p.ground[0]}" stop-opacity="0.85"/></linearGradient>` +
    `<rect x="0" y="${f(h - scrim)}" width="${w}" height="${f(scrim)}" fill="url(#scrim)"/>` +
    `<rect x="${pad}" y="${h - pad - size * 1.9}" width="${Math.round(size * 2.4)}" height="${Math.max(2, Math.round(size / 6))}" fill="${p.ink}" fill-opacity="0.75"/>` +
    `<text x="${pad}" y="${h - pad}" font-family="DejaVu Sans" font-size="${size}" letter-spacing="${f(size * 0.2)}" fill="${p.ink}" fill-opacity="0.75">${escapeXml(words.join(" · "))}</text>`
  );
}

function svgDocument(w: number, h: number, defs: string[], body: string, text: string): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">` +
    `<defs>${defs.join("")}</defs>` +
    `<rect width="${w}" height="${h}" fill="url(#ground)"/>${body}${text}</svg>`
  );
}
