// S3-compatible storage: objects live in the bucket, and the browser still loads them from our
// own origin (/files/<key>, proxied), which keeps the CSP to 'self'. The endpoint is operator
// configuration, not user input, so it is reached directly rather than through the guarded client.
import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import { Readable } from "node:stream";
import { writeStreamTo, type Storage } from "./storage";
import { encodeRfc3986, sha256Hex, signRequest } from "./sigv4";

export interface S3Config {
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Path-style URLs (endpoint/bucket/key), as MinIO and most self-hosted servers need. */
  forcePathStyle: boolean;
}

const amzDateOf = (d: Date) =>
  d
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");

export function createS3Storage(config: S3Config, now: () => Date = () => new Date()): Storage {
  const base = new URL(config.endpoint);
  const objectUrl = (key: string) => {
    const url = new URL(base);
    const path = `${key
      .split("/")
      .map((p) => encodeRfc3986(p))
      .join("/")}`;
    if (config.forcePathStyle) url.pathname = `${base.pathname.replace(/\/$/, "")}/${config.bucket}/${path}`;
    else {
      url.hostname = `${config.bucket}.${base.hostname}`;
      url.pathname = `/${path}`;
    }
    return url;
  };
  /** A file body streams unsigned (S3's UNSIGNED-PAYLOAD), with its length: it is never read whole. */
  const send = async (
    method: string,
    key: string,
    body?: Uint8Array | { path: string },
    contentType?: string,
  ) => {
    const url = objectUrl(key);
    const file = body && "path" in body ? body : null;
    const payloadHash = file
      ? "UNSIGNED-PAYLOAD"
      : sha256Hex((body as Uint8Array | undefined) ?? new Uint8Array());
    const amzDate = amzDateOf(now());
    const headers: Record<string, string> = {
      host: url.host,
      "x-amz-content-sha256": payloadHash,
      "x-amz-date": amzDate,
    };
    if (contentType) headers["content-type"] = contentType;
    if (file) headers["content-length"] = String((await stat(file.path)).size);
    const { authorization } = signRequest(
      {
        accessKeyId: config.accessKeyId,
        secretAccessKey: config.secretAccessKey,
        region: config.region,
        service: "s3",
      },
      { method, url, headers, payloadHash, amzDate },
    );
    const { host: _host, ...sent } = headers;
    const res = await fetch(url, {
      method,
      headers: { ...sent, authorization },
      body: file
        ? (Readable.toWeb(createReadStream(file.path)) as ReadableStream)
        : body
          ? Buffer.from(body as Uint8Array)
          : undefined,
      // A file of up to 50 MB may take a while on a slow link; a small object does not.
      signal: AbortSignal.timeout(file ? 10 * 60_000 : 30_000),
      ...(file ? { duplex: "half" } : {}),
    });
    if (!res.ok && !(method === "DELETE" && res.status === 404)) {
      await res.body?.cancel();
      throw new Error(`object storage answered ${res.status} to ${method} ${key}`);
    }
    return res;
  };
  return {
    async put(key, bytes, contentType) {
      await (await send("PUT", key, bytes, contentType)).body?.cancel();
    },
    async get(key) {
      return new Uint8Array(await (await send("GET", key)).arrayBuffer());
    },
    async remove(key) {
      await (await send("DELETE", key)).body?.cancel();
    },
    async putFile(key, path, contentType) {
      await (await send("PUT", key, { path }, contentType)).body?.cancel();
    },
    async getFile(key, path) {
      const res = await send("GET", key);
      if (!res.body) throw new Error(`object storage sent no body for ${key}`);
      await writeStreamTo(Readable.fromWeb(res.body), path);
    },
    publicUrl: (key) => `/files/${key}`,
  };
}
