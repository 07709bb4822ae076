import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { guardedFetch, isPublicAddress } from "./guarded-fetch";

let server: Server;
let base: string;
beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === "/ok") return res.end("hello");
    if (req.url === "/loop") return res.writeHead(302, { location: "/loop" }).end();
    if (req.url === "/big") return res.end(Buffer.alloc(4096));
    if (req.url === "/slow") return; // never answers
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
