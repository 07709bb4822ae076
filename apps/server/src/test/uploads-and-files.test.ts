// Uploads and stored files, attacked: names that try to leave the storage folder, bytes that lie
// about their type, bodies over the limit, files that expand when decoded, HTML and SVG dressed as
// images, and /files/ addresses that were never issued or climb out of the folder. Over a real
// socket, so the body limits and content encodings are the server's own.
import { existsSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { request as httpRequest, createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { crc32, deflateSync, gzipSync } from "node:zlib";
import { DOCUMENT_TITLE_MAX, type GeneratedImage } from "@tessera/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ORIGIN, createTestApp, type TestApp } from "./test-app";
import { TINY_PNG, tinyPdf } from "./tiny-pdf";

const MARK = "zz-planted-7f3a";
/** Names a browser (or anyone with curl) can send; none may reach a path or a key. */
const HOSTILE_NAMES = [
  `../../../${MARK}.png`,
  `..\\..\\..\\${MARK}.png`,
  `/etc/${MARK}.png`,
  `C:\\Windows\\${MARK}.png`,
  `${MARK}\u0000.png`,
  `${"a".repeat(5000)}-${MARK}.png`,
  `${MARK}-ünïcødé-🦄-\u202egnp.exe`,
  `%2e%2e%2f%2e%2e%2f${MARK}.png`,
];

let t: TestApp;
let base: string;
let owner: string;
let stranger: string;
let filesRoot: string;
let dataDir: string;
let pictures: { url: string; close: () => Promise<void> };
let transcriber: { url: string; names: string[]; close: () => Promise<void> };
const planted = new Map<string, { type: string; body: Uint8Array | string }>();

// ---- bytes made by hand -------------------------------------------------------------------------

function pngChunk(type: string, data: Uint8Array): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A valid PNG header and a tiny IDAT, whose IHDR claims `width`×`height` (8-bit greyscale). */
function pngClaiming(width: number, height: number): Uint8Array {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 0, 0, 0, 0], 8);
  const rows = deflateSync(Buffer.alloc(64 * 1024)); // the first rows of zeros; the rest "follows"
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk("IHDR", ihdr),
    pngChunk("IDAT", rows),
    pngChunk("IEND", new Uint8Array()),
  ]);
}

/** A JPEG's opening segments: SOI, JFIF APP0 and a baseline frame header of `width`×`height`. */
function jpegOf(width: number, height: number): Uint8Array {
  const app0 = [0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 1, 1, 0, 0, 1, 0, 1, 0, 0];
  const sof = [
    0xff,
    0xc0,
    0x00,
    0x0b,
    8,
    height >> 8,
    height & 0xff,
    width >> 8,
    width & 0xff,
    1,
    1,
    0x11,
    0,
  ];
  return Uint8Array.from([0xff, 0xd8, ...app0, ...sof, 0xff, 0xd9]);
}

/** GIF89a with a logical screen of `width`×`height`. */
const gifOf = (width: number, height: number) =>
  Uint8Array.from([
    ...Buffer.from("GIF89a"),
    width & 0xff,
    width >> 8,
    height & 0xff,
    height >> 8,
    0,
    0,
    0,
    0x3b,
  ]);

/** A 16-bit mono PCM WAV of silence. */
function wavOf(samples: number): Uint8Array {
  const b = Buffer.alloc(44 + samples * 2);
  b.write("RIFF", 0, "latin1");
  b.writeUInt32LE(36 + samples * 2, 4);
  b.write("WAVEfmt ", 8, "latin1");
  b.writeUInt32LE(16, 16);
  b.writeUInt16LE(1, 20);
  b.writeUInt16LE(1, 22);
  b.writeUInt32LE(16_000, 24);
  b.writeUInt32LE(32_000, 28);
  b.writeUInt16LE(2, 32);
  b.writeUInt16LE(16, 34);
  b.write("data", 36, "latin1");
  b.writeUInt32LE(samples * 2, 40);
  return b;
}

/** A one-page PDF whose content stream is `raw` behind `filters` (each applied by `encode`). */
function pdfWithStream(raw: Buffer, filters: string[], encode: (b: Buffer) => Buffer): Buffer {
  const data = encode(raw);
  const filter = filters.length === 0 ? "" : ` /Filter [${filters.map((f) => `/${f}`).join(" ")}]`;
  const objects = [
    Buffer.from("<< /Type /Catalog /Pages 2 0 R >>"),
    Buffer.from("<< /Type /Pages /Kids [3 0 R] /Count 1 >>"),
    Buffer.from(
      "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
    ),
    Buffer.concat([
      Buffer.from(`<< /Length ${data.length}${filter} >>\nstream\n`),
      data,
      Buffer.from("\nendstream"),
    ]),
    Buffer.from("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>"),
  ];
  const parts = [Buffer.from("%PDF-1.4\n")];
  let length = parts[0]!.length;
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(length);
    const part = Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`), body, Buffer.from("\nendobj\n")]);
    parts.push(part);
    length += part.length;
  });
  const xref =
    `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n` +
    offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("") +
    `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${length}\n%%EOF\n`;
  return Buffer.concat([...parts, Buffer.from(xref)]);
}

const showText = (text: string) => Buffer.from(`BT /F1 12 Tf 72 720 Td (${text}) Tj ET\n`);
/** Run-length data that decodes to `n` zero bytes: 2 bytes per 128. */
const runLengthZeros = (n: number) => {
  const out = Buffer.alloc(Math.ceil(n / 128) * 2 + 1);
  for (let i = 0; i + 1 < out.length; i += 2) out[i] = 129; // 257 - 129 = 128 copies of the next byte
  out[out.length - 1] = 128; // end of data
  return out;
};

const HTML = `<!doctype html><html><body><script>fetch("/api/profile")</script>${MARK}</body></html>`;
const SVG = `<svg xmlns="http://www.w3.org/2000/svg" onload="alert(document.domain)"><script>alert(1)</script><rect width="10" height="10"/></svg>`;

// ---- plumbing -----------------------------------------------------------------------------------

/** Every file under `dir`, relative to it. */
function walk(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, encoding: "utf8" }).filter((p) =>
    statSync(join(dir, p)).isFile(),
  );
}

function form(bytes: Uint8Array | string, name: string, type = "application/octet-stream") {
  const body = new FormData();
  body.append("file", new Blob([bytes], { type }), name);
  return body;
}

const post = (
  path: string,
  body: FormData | Uint8Array,
  headers: Record<string, string> = {},
  token = owner,
) =>
  fetch(`${base}${path}`, {
    method: "POST",
    // A connection of its own each time: tests here build 100 MB bodies on this thread first, and a
    // kept-alive socket idle past the server's keep-alive timeout meanwhile is closed as it is reused
    // (ECONNRESET on a busy machine, where building them takes longer).
    headers: { origin: ORIGIN, authorization: `Bearer ${token}`, connection: "close", ...headers },
    body,
  });

const upload = (path: string, body: FormData, token = owner) => post(path, body, {}, token);

const errorOf = async (res: Response) =>
  ((await res.json()) as { error: { code: string; message: string } }).error;

/** GET with the path sent exactly as written (fetch would resolve "..", this does not). */
function rawGet(path: string): Promise<{ status: number; body: string; headers: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${base}${path}`, { method: "GET", path }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () =>
        resolve({ status: res.statusCode!, body: Buffer.concat(chunks).toString(), headers: res.headers }),
      );
    });
    req.on("error", reject);
    req.end();
  });
}

/** A loopback site serving whatever `planted` holds at each path, with the type it names. */
async function startPictures() {
  const site = createServer((req, res) => {
    const found = planted.get(req.url ?? "");
    if (!found) return res.writeHead(404).end();
    res.writeHead(200, { "content-type": found.type }).end(found.body);
  });
  await new Promise<void>((r) => site.listen(0, "127.0.0.1", r));
  return {
    url: `http://127.0.0.1:${(site.address() as AddressInfo).port}`,
    close: () => new Promise<void>((r) => site.close(() => r())),
  };
}

/** An OpenAI-compatible /audio/transcriptions on loopback that notes the file name it was sent. */
async function startTranscriber() {
  const names: string[] = [];
  const site = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      void new Request("http://loopback/", {
        method: "POST",
        headers: { "content-type": req.headers["content-type"] ?? "" },
        body: Buffer.concat(chunks),
      })
        .formData()
        .then((f) => {
          names.push((f.get("file") as File).name);
          res.writeHead(200, { "content-type": "application/json" }).end('{"text":"silence"}');
        });
    });
  });
  await new Promise<void>((r) => site.listen(0, "127.0.0.1", r));
  return {
    url: `http://127.0.0.1:${(site.address() as AddressInfo).port}/v1`,
    names,
    close: () => new Promise<void>((r) => site.close(() => r())),
  };
}

let before: { data: string[]; tmp: string[] };

beforeAll(async () => {
  pictures = await startPictures();
  transcriber = await startTranscriber();
  t = await createTestApp({
    OUTBOUND_ALLOW_PRIVATE: "true",
    TRANSCRIBE_BASE_URL: transcriber.url,
    TRANSCRIBE_API_KEY: "transcribe-key",
  });
  dataDir = t.services.env.DATA_DIR;
  filesRoot = join(dataDir, "files");
  owner = await t.newUser("uploader@example.com");
  stranger = await t.newUser("stranger@example.com");
  await t.setPlan("uploader@example.com", "pro");
  // A file beside the storage folder that no /files/ address may reach.
  writeFileSync(join(dataDir, "outside-secret.png"), "the instance's secret");
  before = { data: walk(dataDir), tmp: readdirSync(tmpdir()) };
  base = await t.listen();
});

afterAll(async () => {
  await t?.close();
  await pictures?.close();
  await transcriber?.close();
});

/** Nothing appeared anywhere but under files/, and no planted name appeared anywhere at all. */
function expectNothingWrittenOutsideStorage() {
  const outside = walk(dataDir).filter((p) => !p.startsWith(`files/`) && !before.data.includes(p));
  expect(outside).toEqual([]);
  expect(walk(dataDir).filter((p) => p.includes(MARK))).toEqual([]);
  expect(readdirSync(tmpdir()).filter((p) => p.includes(MARK) && !before.tmp.includes(p))).toEqual([]);
  expect(existsSync(`/etc/${MARK}.png`)).toBe(false);
}

// ---- names ----------------------------------------------------------------------------------------

describe("file names from the request", () => {
  it("never become a chat image's key: each is stored under a key the server made", async () => {
    for (const name of HOSTILE_NAMES) {
      const res = await upload("/api/chat-images", form(TINY_PNG, name, "image/png"));
      expect(res.status, name).toBe(201);
      const { url } = (await res.json()) as { url: string };
      expect(url).toMatch(/^\/files\/image-refs\/chat-images\/\d+-[0-9a-f]{16}\.png$/);
      const stored = await fetch(`${base}${url}`);
      expect(stored.status).toBe(200);
      expect(new Uint8Array(await stored.arrayBuffer())).toEqual(TINY_PNG);
    }
    expect(walk(filesRoot).every((p) => /^image-refs\/chat-images\/\d+-[0-9a-f]{16}\.png$/.test(p))).toBe(
      true,
    );
    expectNothingWrittenOutsideStorage();
  });

  it("become at most a document's title: the last path part, without control characters, bounded", async () => {
    const titles: string[] = [];
    for (const name of HOSTILE_NAMES) {
      const res = await upload("/api/documents/upload", form("Notes about tides.", name, "text/plain"));
      expect(res.status, name).toBe(201);
      titles.push(((await res.json()) as { title: string }).title);
    }
    for (const title of titles) {
      expect([...title].filter((ch) => "/\\\u0000\u202e".includes(ch))).toEqual([]);
      expect(title.length).toBeLessThanOrEqual(DOCUMENT_TITLE_MAX);
      expect(title).not.toContain("..");
    }
    expect(titles.slice(0, 5)).toEqual([MARK, MARK, MARK, MARK, MARK]);
    expectNothingWrittenOutsideStorage();
  });

  it("typed into JSON with a NUL are stored without it, not left to fail in the database", async () => {
    for (const [json, stored] of [
      [
        { title: `${MARK}\u0000`, content: "Notes." },
        { title: MARK, content: "Notes." },
      ],
      [
        { title: "Tides", content: "Low water\u0000 at noon." },
        { title: "Tides", content: "Low water at noon." },
      ],
    ] as const) {
      const res = await t.request("/api/documents", { method: "POST", token: owner, json });
      expect(res.status).toBe(201);
      const { id } = (await res.json()) as { id: string };
      const read = await t.request(`/api/documents/${id}`, { token: owner });
      expect(await read.json()).toMatchObject(stored);
    }
  });

  it("are not kept by attachment extraction, which stores nothing", async () => {
    const files = walk(filesRoot).length;
    for (const name of HOSTILE_NAMES) {
      const res = await upload("/api/attachments/extract", form("Plain words.", name, "text/plain"));
      expect(res.status, name).toBe(200);
      expect(await res.json()).toEqual({ kind: "text", text: "Plain words.", truncated: false });
    }
    expect(walk(filesRoot).length).toBe(files);
    expectNothingWrittenOutsideStorage();
  });

  it("are not passed on by dictation: the recogniser gets a name the server made", async () => {
    for (const name of HOSTILE_NAMES) {
      const res = await upload("/api/transcribe-audio", form(wavOf(1600), name, "audio/wav"));
      expect(res.status, name).toBe(200);
    }
    expect(transcriber.names).toEqual(HOSTILE_NAMES.map(() => "recording.wav"));
    expectNothingWrittenOutsideStorage();
  });

  it("of a voice-over are a label in the download header only, never in its key", async () => {
    const res = await t.request("/api/text-to-voice", {
      method: "POST",
      token: owner,
      json: { text: "Short and quiet.", fileName: `../../${MARK}\r\nSet-Cookie: x=1.mp3` },
    });
    expect(res.status).toBe(200);
    const made = (await res.json()) as { id: string; url: string };
    expect(made.url).toMatch(/^\/files\/voice-overs\/\d+-[0-9a-f]{24}\.mp3$/);
    const audio = await t.request(`/api/voice-overs/${made.id}/audio?download=1`, { token: owner });
    expect(audio.status).toBe(200);
    const disposition = audio.headers.get("content-disposition")!;
    expect(disposition).toMatch(/^attachment; filename="[^"/\\\r\n]*"; filename\*=UTF-8''\S+$/);
    expect(audio.headers.get("set-cookie")).toBeNull();
    expectNothingWrittenOutsideStorage();
  });
});

// ---- types decided by content -------------------------------------------------------------------

describe("bytes that lie about their type", () => {
  it("a JPEG named .png and sent as image/png is kept as the JPEG it is", async () => {
    const res = await upload("/api/chat-images", form(jpegOf(640, 480), "photo.png", "image/png"));
    expect(res.status).toBe(201);
    const made = (await res.json()) as { url: string; contentType: string };
    expect(made.contentType).toBe("image/jpeg");
    expect(made.url).toMatch(/\.jpg$/);
    expect((await fetch(`${base}${made.url}`)).headers.get("content-type")).toBe("image/jpeg");
  });

  it("HTML, SVG and random bytes named and typed as images are refused with 415, and nothing is kept", async () => {
    const files = walk(filesRoot).length;
    const random = Uint8Array.from({ length: 4096 }, (_, i) => (i * 7919 + 13) % 251);
    for (const [bytes, name, type] of [
      [HTML, "cat.png", "image/png"],
      [SVG, "cat.svg", "image/svg+xml"],
      [SVG, "cat.png", "image/png"],
      [random, "cat.jpg", "image/jpeg"],
    ] as const) {
      const res = await upload("/api/chat-images", form(bytes, name, type));
      expect(res.status, name).toBe(415);
      expect((await errorOf(res)).message).toBe("Only PNG, JPEG, GIF and WebP images can be attached.");
    }
    expect(walk(filesRoot).length).toBe(files);
  });

  it("a GIF that is also a web page is kept and served as the GIF it starts as, never as HTML", async () => {
    const polyglot = Buffer.concat([gifOf(10, 10), Buffer.from(HTML)]);
    const res = await upload("/api/chat-images", form(polyglot, "page.html", "text/html"));
    expect(res.status).toBe(201);
    const { url } = (await res.json()) as { url: string };
    expect(url).toMatch(/\.gif$/);
    const served = await fetch(`${base}${url}`);
    expect(served.headers.get("content-type")).toBe("image/gif");
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");
    expect(served.headers.get("content-security-policy")).toContain("sandbox");
  });

  it("an image is not text: attachments and documents refuse binary bytes named .txt", async () => {
    for (const path of ["/api/attachments/extract", "/api/documents/upload"]) {
      const res = await upload(path, form(TINY_PNG, "notes.txt", "text/plain"));
      expect(res.status, path).toBe(415);
      expect((await errorOf(res)).message).toMatch(
        /Only PDF, DOCX, HTML, Markdown, CSV, JSON and plain text files can be read/,
      );
    }
  });

  it("HTML named .pdf becomes a document of plain text, read by what it is, never served as a page", async () => {
    const res = await upload("/api/documents/upload", form(HTML, "report.pdf", "application/pdf"));
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: string };
    const doc = (await (await t.request(`/api/documents/${id}`, { token: owner })).json()) as {
      content: string;
    };
    expect(doc.content).toContain(MARK);
    expect(walk(filesRoot).some((p) => p.endsWith(".html") || p.endsWith(".pdf"))).toBe(false);
  });

  it("dictation refuses a web page dressed as a recording", async () => {
    const res = await upload("/api/transcribe-audio", form(HTML, "memo.webm", "audio/webm"));
    expect(res.status).toBe(415);
  });

  it("an avatar address that answers HTML or SVG (even typed image/png) is refused, and nothing is kept", async () => {
    planted.set("/html.png", { type: "image/png", body: HTML });
    planted.set("/drawing.svg", { type: "image/svg+xml", body: SVG });
    const files = walk(filesRoot).length;
    for (const path of ["/html.png", "/drawing.svg"]) {
      const res = await t.request("/api/profile", {
        method: "PATCH",
        token: owner,
        json: { avatarUrl: `${pictures.url}${path}` },
      });
      expect(res.status, path).toBe(400);
      expect((await errorOf(res)).message).toContain("PNG, JPEG, GIF or WebP");
    }
    expect(walk(filesRoot).length).toBe(files);
  });
});

// ---- size ----------------------------------------------------------------------------------------

describe("bodies over the limit", () => {
  const over = (bytes: number) => new Uint8Array(bytes + 1024);

  it("answer 413 on every upload route and keep nothing", async () => {
    const files = walk(filesRoot);
    for (const [path, size] of [
      ["/api/chat-images", 10 * 1024 * 1024 + 64 * 1024],
      ["/api/attachments/extract", 10 * 1024 * 1024 + 64 * 1024],
      ["/api/documents/upload", 10 * 1024 * 1024 + 64 * 1024],
      ["/api/transcribe-audio", 25 * 1024 * 1024 + 64 * 1024],
    ] as const) {
      const res = await upload(path, form(over(size), "big.png", "image/png"));
      expect(res.status, path).toBe(413);
      expect((await errorOf(res)).code).toBe("PAYLOAD_TOO_LARGE");
    }
    expect(walk(filesRoot)).toEqual(files);
  });

  it("answer 413 when the body comes without a length, in chunks", async () => {
    const files = walk(filesRoot);
    const boundary = "----tessera-chunked";
    const status = await new Promise<number>((resolve, reject) => {
      // Its own connection: the server closes it after refusing the rest of the body.
      const req = httpRequest(`${base}/api/chat-images`, {
        method: "POST",
        agent: false,
        headers: {
          origin: ORIGIN,
          authorization: `Bearer ${owner}`,
          "content-type": `multipart/form-data; boundary=${boundary}`,
          "transfer-encoding": "chunked",
        },
      });
      req.on("response", (res) => {
        res.resume();
        resolve(res.statusCode!);
      });
      req.on("error", reject);
      req.write(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`,
      );
      const chunk = Buffer.alloc(256 * 1024);
      let sent = 0;
      const more = () => {
        while (sent < 12 * 1024 * 1024) {
          sent += chunk.length;
          if (!req.write(chunk)) return void req.once("drain", more);
        }
        req.end(`\r\n--${boundary}--\r\n`);
      };
      more();
    });
    expect(status).toBe(413);
    expect(walk(filesRoot)).toEqual(files);
  });
});

// ---- decompression bombs -------------------------------------------------------------------------

describe("files that expand when decoded", () => {
  it("a tiny PNG whose header claims 50000×50000 pixels is refused with 413 and not kept", async () => {
    const bomb = pngClaiming(50_000, 50_000);
    expect(bomb.length).toBeLessThan(2048);
    const files = walk(filesRoot);
    const res = await upload("/api/chat-images", form(bomb, "bomb.png", "image/png"));
    expect(res.status).toBe(413);
    expect((await errorOf(res)).message).toContain("50000×50000 pixels");
    for (const [bytes, name] of [
      [gifOf(65_535, 65_535), "bomb.gif"],
      [jpegOf(60_000, 60_000), "bomb.jpg"],
      [pngClaiming(16_000, 16_000), "wide.png"], // each side allowed, 256 megapixels not
    ] as const) {
      const refused = await upload("/api/chat-images", form(bytes, name, "image/png"));
      expect(refused.status, name).toBe(413);
    }
    expect(walk(filesRoot)).toEqual(files);
    // An ordinary picture still goes through.
    expect((await upload("/api/chat-images", form(pngClaiming(1920, 1080), "ok.png"))).status).toBe(201);
  });

  it("the same bomb behind an avatar address is refused", async () => {
    planted.set("/bomb.png", { type: "image/png", body: pngClaiming(50_000, 50_000) });
    const res = await t.request("/api/profile", {
      method: "PATCH",
      token: owner,
      json: { avatarUrl: `${pictures.url}/bomb.png` },
    });
    expect(res.status).toBe(413);
  });

  it("a gzip Content-Encoding body is not inflated: the server answers quickly and keeps nothing", async () => {
    const files = walk(filesRoot);
    const inner = form(new Uint8Array(100 * 1024 * 1024), "zeros.png", "image/png");
    const encoded = new Request("http://x/", { method: "POST", body: inner });
    const raw = Buffer.from(await encoded.arrayBuffer());
    const gz = gzipSync(raw);
    expect(gz.length).toBeLessThan(1024 * 1024);
    const started = performance.now();
    const res = await post("/api/chat-images", gz, {
      "content-type": encoded.headers.get("content-type")!,
      "content-encoding": "gzip",
    });
    expect([400, 415]).toContain(res.status);
    expect((await errorOf(res)).message).toBeTruthy();
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(walk(filesRoot)).toEqual(files);
  });

  it("a PDF whose stream inflates to hundreds of megabytes is refused with 413, quickly", async () => {
    const zeros = Buffer.alloc(100 * 1024 * 1024);
    const flate = pdfWithStream(Buffer.concat([showText("bomb"), zeros]), ["FlateDecode"], (b) =>
      deflateSync(b, { level: 9 }),
    );
    const twice = pdfWithStream(
      Buffer.concat([showText("bomb"), zeros]),
      ["FlateDecode", "FlateDecode"],
      (b) => deflateSync(deflateSync(b, { level: 9 }), { level: 9 }),
    );
    const runLength = pdfWithStream(Buffer.alloc(0), ["RunLengthDecode"], () =>
      runLengthZeros(600 * 1024 * 1024),
    );
    expect(twice.length).toBeLessThan(16 * 1024);
    for (const [name, pdf] of [
      ["flate.pdf", flate],
      ["twice.pdf", twice],
      ["run-length.pdf", runLength],
    ] as const) {
      for (const path of ["/api/documents/upload", "/api/attachments/extract"]) {
        const started = performance.now();
        const res = await upload(path, form(pdf, name, "application/pdf"));
        expect(res.status, `${path} ${name}`).toBe(413);
        expect((await errorOf(res)).message).toBe(
          "This PDF expands to more than 64 MB when read, so it cannot be used.",
        );
        expect(performance.now() - started).toBeLessThan(10_000);
      }
    }
  });

  it("an encrypted PDF, whose streams cannot be measured before they are decrypted, is refused with 400", async () => {
    const pdf = Buffer.from(
      pdfWithStream(showText("secret"), [], (b) => b)
        .toString("latin1")
        .replace("/Root 1 0 R >>", "/Root 1 0 R /Encrypt << /Filter /Standard /V 2 /R 3 >> >>"),
      "latin1",
    );
    const res = await upload("/api/documents/upload", form(pdf, "locked.pdf", "application/pdf"));
    expect(res.status).toBe(400);
    expect((await errorOf(res)).message).toBe("This PDF is encrypted, so its text cannot be read.");
  });

  it("ordinary PDFs, compressed or not, are still read", async () => {
    for (const [filters, encode] of [
      [[], (b: Buffer) => b],
      [["FlateDecode"], (b: Buffer) => deflateSync(b)],
      [["ASCIIHexDecode", "FlateDecode"], (b: Buffer) => Buffer.from(`${deflateSync(b).toString("hex")}>`)],
    ] as const) {
      const pdf = pdfWithStream(showText("Tide tables for March"), [...filters], encode);
      const res = await upload("/api/attachments/extract", form(pdf, "tides.pdf", "application/pdf"));
      expect(res.status, filters.join(",")).toBe(200);
      expect(await res.json()).toMatchObject({ kind: "pdf", text: "Tide tables for March" });
    }
    const plain = await upload("/api/documents/upload", form(tinyPdf("Harbour notes"), "h.pdf"));
    expect(plain.status).toBe(201);
  });
});

// ---- serving -------------------------------------------------------------------------------------

describe("stored files as served", () => {
  const expectInert = (res: Response, type: RegExp) => {
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(type);
    expect(res.headers.get("content-type")).not.toMatch(/html|svg|xml|javascript/);
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    const csp = res.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("default-src 'none'");
    expect(csp.split(";").map((d) => d.trim())).toContain("sandbox");
    expect(res.headers.get("cache-control")).toMatch(/^private/);
  };

  it("every kind kept (chat image, avatar, generated image, voice-over) is inert: nosniff, a sandbox policy, its own type", async () => {
    const chat = (await (await upload("/api/chat-images", form(TINY_PNG, "a.png"))).json()) as {
      url: string;
    };
    expectInert(await fetch(`${base}${chat.url}`), /^image\/png$/);

    planted.set("/face.png", { type: "image/png", body: TINY_PNG });
    const profile = (await (
      await t.request("/api/profile", {
        method: "PATCH",
        token: owner,
        json: { avatarUrl: `${pictures.url}/face.png` },
      })
    ).json()) as { avatarSrc: string };
    expect(profile.avatarSrc).toMatch(/^\/files\/avatars\/\d+-[0-9a-f]{16}\.png$/);
    expectInert(await fetch(`${base}${profile.avatarSrc}`), /^image\/png$/);

    const started = (await (
      await t.request("/api/image-generation", {
        method: "POST",
        token: owner,
        json: { prompt: "A tide pool", model: "tessera-sketch", aspect_ratio: "1:1" },
      })
    ).json()) as GeneratedImage;
    let image = started;
    for (let i = 0; i < 200 && image.status !== "completed" && image.status !== "failed"; i++) {
      await new Promise((r) => setTimeout(r, 25));
      image = (await (
        await t.request(`/api/images/${started.id}`, { token: owner })
      ).json()) as GeneratedImage;
    }
    expect(image.status).toBe("completed");
    expectInert(await fetch(`${base}${image.image_url!}`), /^image\/png$/);

    const voice = (await (
      await t.request("/api/text-to-voice", { method: "POST", token: owner, json: { text: "Hello there." } })
    ).json()) as { url: string };
    expectInert(await fetch(`${base}${voice.url}`), /^audio\/mpeg$/);
  });

  it("a stored file whose key names no known type goes out as an attachment of opaque bytes", async () => {
    await t.services.storage.put(
      "image-refs/chat-images/1-00000000000000aa.svg",
      new TextEncoder().encode(SVG),
      "image/svg+xml",
    );
    const res = await fetch(`${base}/files/image-refs/chat-images/1-00000000000000aa.svg`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/octet-stream");
    expect(res.headers.get("content-disposition")).toBe("attachment");
    expect(res.headers.get("content-security-policy")).toContain("sandbox");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
  });
});

describe("addresses that were never issued", () => {
  it("a key nobody was given, and keys that climb out of the folder, are 404 and never a file outside it", async () => {
    const paths = [
      "/files/image-refs/chat-images/0-0000000000000000.png",
      "/files/..%2foutside-secret.png",
      "/files/..%2f..%2f..%2fetc/passwd",
      "/files/%2e%2e/%2e%2e/etc/passwd",
      "/files/image-refs/../../outside-secret.png",
      "/files/image-refs/..%5c..%5coutside-secret.png",
      "/files/%2fetc%2fpasswd",
      "/files//etc/passwd",
      "/files/%E0%A4%A.png",
      "/files/avatars/%00.png",
      `/files/${relative(filesRoot, join(dataDir, "outside-secret.png"))}`,
    ];
    for (const path of paths) {
      const res = await rawGet(path);
      expect(res.status, path).toBe(404);
      expect(res.body, path).not.toContain("secret");
      expect(res.body, path).not.toContain("root:");
    }
  });

  it("someone else's objects are 404 through the API, and a deleted image's file is gone", async () => {
    const res = await upload("/api/documents/upload", form("Private notes.", "mine.txt", "text/plain"));
    const { id } = (await res.json()) as { id: string };
    expect((await t.request(`/api/documents/${id}`, { token: stranger })).status).toBe(404);

    const started = (await (
      await t.request("/api/image-generation", {
        method: "POST",
        token: owner,
        json: { prompt: "A harbour", model: "tessera-sketch", aspect_ratio: "1:1" },
      })
    ).json()) as GeneratedImage;
    let image = started;
    for (let i = 0; i < 200 && image.status !== "completed"; i++) {
      await new Promise((r) => setTimeout(r, 25));
      image = (await (
        await t.request(`/api/images/${started.id}`, { token: owner })
      ).json()) as GeneratedImage;
    }
    expect((await t.request(`/api/images/${image.id}`, { token: stranger })).status).toBe(404);
    expect((await t.request(`/api/images/${image.id}`, { method: "DELETE", token: stranger })).status).toBe(
      404,
    );
    expect((await fetch(`${base}${image.image_url!}`)).status).toBe(200);
    expect((await t.request(`/api/images/${image.id}`, { method: "DELETE", token: owner })).status).toBe(204);
    expect((await fetch(`${base}${image.image_url!}`)).status).toBe(404);
  });
});
