// S3-compatible storage: objects live in the bucket, and the browser still loads them from our
// own origin (/files/<key>, proxied), which keeps the CSP to 'self'. The endpoint is operator
// configuration, not user input, so it is reached directly rather than through the guarded client.
import type { Storage } from "./storage";
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
  const send = async (method: string, key: string, body?: Uint8Array, contentType?: string) => {
    const url = objectUrl(key);
    const payloadHash = sha256Hex(body ?? new Uint8Array());
    const amzDate = amzDateOf(now());
    const headers: Record<string, string> = {
      host: url.host,
      "x-amz-content-sha256": payloadHash,
      "x-amz-date": amzDate,
    };
    if (contentType) headers["content-type"] = contentType;
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
      body: body ? Buffer.from(body) : undefined,
      signal: AbortSignal.timeout(30_000),
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
    publicUrl: (key) => `/files/${key}`,
  };
}
