import { createHash, randomBytes } from "node:crypto";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp } from "../../test/test-app";
import { TINY_PNG } from "../../test/tiny-pdf";
import { createS3Storage } from "./s3-storage";
import { isServedKey } from "./storage";
import { signRequest } from "./sigv4";

describe("SigV4", () => {
  it("matches the published example signature", () => {
    // The worked example from the AWS Signature Version 4 documentation (IAM ListUsers).
    const { signature } = signRequest(
      {
        accessKeyId: "AKIDEXAMPLE",
        secretAccessKey: "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY",
        region: "us-east-1",
        service: "iam",
      },
      {
        method: "GET",
        url: new URL("https://iam.amazonaws.com/?Action=ListUsers&Version=2010-05-08"),
        headers: {
          "content-type": "application/x-www-form-urlencoded; charset=utf-8",
          host: "iam.amazonaws.com",
          "x-amz-date": "20150830T123600Z",
        },
        payloadHash: createHash("sha256").update("").digest("hex"),
        amzDate: "20150830T123600Z",
      },
    );
    expect(signature).toBe("5d672d79c15b13162d9279b0855cfba6789a8edb4c82c400e06b5924a6f2b5d7");
  });
});

describe("S3-compatible storage against a loopback object server", () => {
  const objects = new Map<string, { body: Buffer; type: string }>();
  const seen: {
    method: string;
    url: string;
    auth: string;
    hash: string;
    bodyHash: string;
    length: string;
  }[] = [];
  let server: Server;
  let endpoint: string;
  beforeAll(async () => {
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        const body = Buffer.concat(chunks);
        seen.push({
          method: req.method!,
          url: req.url!,
          auth: String(req.headers.authorization ?? ""),
          hash: String(req.headers["x-amz-content-sha256"] ?? ""),
          bodyHash: createHash("sha256").update(body).digest("hex"),
          length: String(req.headers["content-length"] ?? ""),
        });
        if (!String(req.headers.authorization ?? "").startsWith("AWS4-HMAC-SHA256 Credential=tessera/"))
          return res.writeHead(403).end();
        const key = req.url!;
        if (req.method === "PUT") {
          objects.set(key, { body, type: String(req.headers["content-type"]) });
          return res.writeHead(200).end();
        }
        const found = objects.get(key);
        if (req.method === "GET")
          return found
            ? res.writeHead(200, { "content-type": found.type }).end(found.body)
            : res.writeHead(404).end();
        if (req.method === "DELETE") {
          objects.delete(key);
          return res.writeHead(204).end();
        }
        res.writeHead(405).end();
      });
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => server.close());

  it("puts, gets and removes objects with signed, path-style requests", async () => {
    const storage = createS3Storage({
      endpoint,
      region: "auto",
      bucket: "tessera",
      accessKeyId: "tessera",
      secretAccessKey: "secret",
      forcePathStyle: true,
    });
    const bytes = new TextEncoder().encode("picture bytes");
    await storage.put("image-refs/chat-images/1-abc.png", bytes, "image/png");
    expect(seen[0]).toMatchObject({ method: "PUT", url: "/tessera/image-refs/chat-images/1-abc.png" });
    expect(seen[0]!.hash).toBe(seen[0]!.bodyHash);
    expect(seen[0]!.auth).toMatch(
      /SignedHeaders=content-type;host;x-amz-content-sha256;x-amz-date, Signature=[0-9a-f]{64}$/,
    );
    expect(objects.get("/tessera/image-refs/chat-images/1-abc.png")?.type).toBe("image/png");
    expect(await storage.get("image-refs/chat-images/1-abc.png")).toEqual(bytes);
    expect(storage.publicUrl("image-refs/chat-images/1-abc.png")).toBe(
      "/files/image-refs/chat-images/1-abc.png",
    );
    await storage.remove("image-refs/chat-images/1-abc.png");
    await expect(storage.get("image-refs/chat-images/1-abc.png")).rejects.toThrow("404");
  });

  it("streams a file up and down unsigned, with its length, and never serves a private key", async () => {
    const storage = createS3Storage({
      endpoint,
      region: "auto",
      bucket: "tessera",
      accessKeyId: "tessera",
      secretAccessKey: "secret",
      forcePathStyle: true,
    });
    const dir = await mkdtemp(join(tmpdir(), "s3-file-"));
    try {
      const bytes = randomBytes(3 * 1024 * 1024 + 7);
      await writeFile(join(dir, "up.bin"), bytes);
      await storage.putFile("private/imports/u1.bin", join(dir, "up.bin"), "application/octet-stream");
      const put = seen.at(-1)!;
      expect(put).toMatchObject({ method: "PUT", hash: "UNSIGNED-PAYLOAD", length: String(bytes.length) });
      expect(put.bodyHash).toBe(createHash("sha256").update(bytes).digest("hex"));
      await storage.getFile("private/imports/u1.bin", join(dir, "down.bin"));
      expect((await readFile(join(dir, "down.bin"))).equals(bytes)).toBe(true);
      expect(isServedKey("private/imports/u1.bin")).toBe(false);
      expect(isServedKey("image-refs/chat-images/1-abc.png")).toBe(true);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("holds chat images for the app when S3_* is configured, served from our own origin", async () => {
    const t = await createTestApp({
      S3_ENDPOINT: endpoint,
      S3_BUCKET: "tessera",
      S3_ACCESS_KEY_ID: "tessera",
      S3_SECRET_ACCESS_KEY: "secret",
    });
    try {
      const token = await t.newUser("s3@example.com");
      const form = new FormData();
      form.append("file", new File([TINY_PNG], "p.png"));
      const res = await t.request("/api/chat-images", { method: "POST", token, body: form });
      expect(res.status).toBe(201);
      const { url } = (await res.json()) as { url: string };
      expect([...objects.keys()].some((k) => k.startsWith("/tessera/image-refs/chat-images/"))).toBe(true);
      const served = await t.request(url);
      expect(served.headers.get("content-type")).toBe("image/png");
      expect(new Uint8Array(await served.arrayBuffer())).toEqual(TINY_PNG);
    } finally {
      await t.close();
    }
  });
});
