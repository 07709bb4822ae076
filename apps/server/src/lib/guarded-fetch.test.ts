import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { guardedFetch, guardedStream, isPublicAddress } from "./guarded-fetch";

let server: Server;
let base: string;
beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === "/ok") return res.end("hello");
    if (req.url === "/loop") return res.writeHead(302, { location: "/loop" }).end();
    if (req.url === "/big") return res.end(Buffer.alloc(4096));
    if (req.url === "/slow") return; // never answers
    if (req.url === "/headers") return res.end(JSON.stringify(req.headers));
    if (req.url === "/file")
      return res.writeHead(302, { location: "/headers", "x-linked-etag": '"abc"' }).end();
    if (req.url === "/stall") {
      res.writeHead(200, { "content-length": "10" });
      return res.write("12345"); // and nothing more
    }
    if (req.url === "/cut") {
      res.writeHead(200, { "content-length": "100000" });
      res.write(Buffer.alloc(1000));
      return setTimeout(() => res.destroy(), 50);
    }
    if (req.url?.startsWith("/redirect?to="))
      return res.writeHead(302, { location: decodeURIComponent(req.url.slice(13)) }).end();
    res.writeHead(404).end();
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

const opts = { timeoutMs: 2000, maxBytes: 1024 };

describe("isPublicAddress", () => {
  it.each([
    ["8.8.8.8", true],
    ["2606:4700::1111", true],
    ["10.1.2.3", false],
    ["172.20.0.1", false],
    ["192.168.1.1", false],
    ["127.0.0.1", false],
    ["169.254.169.254", false],
    ["100.64.0.1", false],
    ["0.0.0.0", false],
    ["::1", false],
    ["fe80::1", false],
    ["fd00::1", false],
    ["::ffff:127.0.0.1", false],
    ["::ffff:8.8.8.8", true],
    ["::ffff:7f00:1", false],
    ["0:0:0:0:0:ffff:7f00:1", false],
    ["::ffff:a9fe:a9fe", false],
    ["::127.0.0.1", false],
    ["::ffff:0:7f00:1", false],
    ["64:ff9b::7f00:1", false],
    ["not-an-ip", false],
  ])("%s → %s", (address, expected) => {
    expect(isPublicAddress(address)).toBe(expected);
  });
});

describe("guardedFetch", () => {
  it("refuses loopback and private addresses, by literal and by name", async () => {
    await expect(guardedFetch(`${base}/ok`, opts)).rejects.toThrow("not reachable");
    await expect(guardedFetch(base.replace("127.0.0.1", "localhost") + "/ok", opts)).rejects.toThrow(
      "not reachable",
    );
    await expect(guardedFetch("http://[::1]/", opts)).rejects.toThrow("not reachable");
    await expect(guardedFetch("http://169.254.169.254/latest/meta-data", opts)).rejects.toThrow(
      "not reachable",
    );
  });

  it("refuses every spelling of a loopback, private or metadata address, and the target receives nothing", async () => {
    let hits = 0;
    const canary = createServer((_req, res) => {
      hits += 1;
      res.end("leaked");
    });
    await new Promise<void>((r) => canary.listen(0, "127.0.0.1", r));
    const port = (canary.address() as AddressInfo).port;
    try {
      for (const host of [
        "127.0.0.1",
        "127.1",
        "0x7f.0.0.1",
        "2130706433",
        "0177.0.0.1",
        "localhost",
        "[::ffff:127.0.0.1]",
        "[::ffff:7f00:1]",
        "[0:0:0:0:0:ffff:127.0.0.1]",
        "[::127.0.0.1]",
        "[::1]",
        "10.0.0.1",
        "192.168.0.1",
        "169.254.169.254",
        "[::ffff:169.254.169.254]",
      ]) {
        await expect(
          guardedFetch(`http://${host}:${port}/`, { ...opts, timeoutMs: 500 }),
          host,
        ).rejects.toThrow(/not reachable|could not be reached|took too long/);
      }
      expect(hits).toBe(0);
    } finally {
      canary.close();
    }
  });

  it("refuses a redirect from a trusted address to any private one, and the target receives nothing", async () => {
    let hits = 0;
    const canary = createServer((_req, res) => {
      hits += 1;
      res.end("leaked");
    });
    await new Promise<void>((r) => canary.listen(0, "127.0.0.1", r));
    const port = (canary.address() as AddressInfo).port;
    // The redirecting server stands in for a public site: its own origin is trusted, nothing else.
    const trusted = { ...opts, timeoutMs: 500, trustedOrigins: [base] };
    try {
      const ok = await guardedFetch(`${base}/redirect?to=${encodeURIComponent("/ok")}`, trusted);
      expect(new TextDecoder().decode(ok.bytes)).toBe("hello");
      for (const target of [
        `http://127.0.0.1:${port}/`,
        `http://localhost:${port}/`,
        `http://[::1]:${port}/`,
        `http://[::ffff:127.0.0.1]:${port}/`,
        `http://[::ffff:7f00:1]:${port}/`,
        `http://[0:0:0:0:0:ffff:127.0.0.1]:${port}/`,
        `http://169.254.169.254:${port}/latest/meta-data`,
        `http://10.0.0.1:${port}/`,
        `http://192.168.1.1:${port}/`,
        `file:///etc/passwd`,
      ]) {
        await expect(
          guardedFetch(`${base}/redirect?to=${encodeURIComponent(target)}`, trusted),
          target,
        ).rejects.toThrow(/not reachable|Only http and https/);
      }
      expect(hits).toBe(0);
    } finally {
      canary.close();
    }
  });

  it("refuses other schemes and credentials", async () => {
    await expect(guardedFetch("file:///etc/passwd", opts)).rejects.toThrow("Only http and https");
    await expect(guardedFetch("http://user:pw@8.8.8.8/", opts)).rejects.toThrow("credentials");
    await expect(guardedFetch("not a url", opts)).rejects.toThrow("not a valid URL");
  });

  it("fetches when private addresses are allowed, and caps redirects, size and time", async () => {
    const allowed = { ...opts, allowPrivate: true };
    const ok = await guardedFetch(`${base}/ok`, allowed);
    expect(new TextDecoder().decode(ok.bytes)).toBe("hello");
    await expect(guardedFetch(`${base}/loop`, allowed)).rejects.toThrow("redirects too many times");
    await expect(guardedFetch(`${base}/big`, allowed)).rejects.toThrow("too large");
    await expect(guardedFetch(`${base}/slow`, { ...allowed, timeoutMs: 300 })).rejects.toThrow(
      "took too long",
    );
  });
});

describe("guardedStream", () => {
  const read = async (body: AsyncIterable<Buffer>) => {
    const chunks: Buffer[] = [];
    for await (const c of body) chunks.push(c);
    return Buffer.concat(chunks).toString();
  };

  it("checks addresses like guardedFetch", async () => {
    await expect(guardedStream(`${base}/ok`, { idleMs: 1000 })).rejects.toThrow("not reachable");
    await expect(guardedStream("file:///etc/passwd", { idleMs: 1000 })).rejects.toThrow(
      "Only http and https",
    );
  });

  it("follows redirects, keeping each hop's headers, and sends each address its own headers", async () => {
    const stream = await guardedStream(`${base}/file`, {
      idleMs: 1000,
      allowPrivate: true,
      headersFor: (url) => ({ "x-hop": url.pathname }),
    });
    expect(stream.status).toBe(200);
    expect(stream.redirects.map((r) => [r.url, r.headers["x-linked-etag"]])).toEqual([
      [`${base}/file`, '"abc"'],
    ]);
    expect(stream.url).toBe(`${base}/headers`);
    expect(JSON.parse(await read(stream.body))).toMatchObject({ "x-hop": "/headers" });
  });

  it("fails a body that stops coming for idleMs, or breaks off, instead of waiting for ever", async () => {
    const stalled = await guardedStream(`${base}/stall`, { idleMs: 300, allowPrivate: true });
    await expect(read(stalled.body)).rejects.toThrow("The address sent nothing for 1 s.");
    const cut = await guardedStream(`${base}/cut`, { idleMs: 2000, allowPrivate: true });
    await expect(read(cut.body)).rejects.toThrow("The address stopped sending the file.");
    await expect(guardedStream(`${base}/slow`, { idleMs: 300, allowPrivate: true })).rejects.toThrow(
      "sent nothing",
    );
  });
});
