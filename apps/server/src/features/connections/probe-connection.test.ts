// Each kind's Test against a loopback server that answers as the real service does (paths, headers,
// JSON shapes, errors): what came back is reported, and a refusal carries the service's own words
// without the key it was sent.
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSpeechServer, type SpeechServer } from "../../providers/speech/speech-server";
import {
  startOpenAiCompatibleServer,
  type OpenAiCompatibleServer,
} from "../../test/openai-compatible-server";
import { probeConnection, type Candidate } from "./probe-connection";

type Reply = { status: number; json: unknown };
interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage["headers"];
  body: string;
}

/** A loopback server answering "METHOD /path" (query left out) from a table; every request recorded. */
async function loopback(routes: Record<string, (seen: Seen) => Reply>) {
  const requests: Seen[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const seen = {
        method: req.method ?? "",
        url: req.url ?? "",
        headers: req.headers,
        body: Buffer.concat(chunks).toString("latin1"),
      };
      requests.push(seen);
      const route = routes[`${seen.method} ${seen.url.split("?")[0]}`];
      const reply = route ? route(seen) : { status: 404, json: { error: { message: "Not found" } } };
      res.writeHead(reply.status, { "content-type": "application/json" });
      res.end(JSON.stringify(reply.json));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, requests, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

const probe = (candidate: Partial<Candidate> & Pick<Candidate, "kind">) =>
  probeConnection({ baseUrl: null, options: {}, ...candidate }, { timeoutMs: 15_000, maxBytes: 1_000_000 });

describe("language models", () => {
  let server: OpenAiCompatibleServer;
  beforeAll(async () => {
    server = await startOpenAiCompatibleServer({
      apiKey: "sk-right-key-0001",
      models: ["b-model", "a-model"],
    });
  });
  afterAll(() => server.close());

  it("lists an OpenAI-compatible server's models, and quotes its refusal of a wrong key without the key", async () => {
    expect(
      await probe({ kind: "openai-compatible", baseUrl: server.url, apiKey: "sk-right-key-0001" }),
    ).toMatchObject({
      ok: true,
      message: "It lists 2 models.",
      items: ["a-model", "b-model"],
      total: 2,
    });
    const wrong = await probe({ kind: "openai", baseUrl: server.url, apiKey: "sk-wrong-key-0002" });
    expect(wrong.ok).toBe(false);
    expect(wrong.message).toContain("It answered 401: Incorrect API key provided: [key].");
    expect(JSON.stringify(wrong)).not.toContain("sk-wrong-key-0002");
  });

  it("checks an OpenRouter key on its own, since its model list is open to anyone", async () => {
    const result = await probe({ kind: "openrouter", baseUrl: server.url, apiKey: "sk-right-key-0001" });
    expect(result).toMatchObject({ ok: true });
    expect(result.message).toBe("The key “test key” is valid: $0.25 used with no limit. It lists 2 models.");
  });

  it("asks Anthropic with its own headers and reads its list", async () => {
    const anthropic = await loopback({
      "GET /v1/models": (seen) =>
        seen.headers["x-api-key"] === "sk-ant-0003" && seen.headers["anthropic-version"] === "2023-06-01"
          ? {
              status: 200,
              json: {
                data: [{ id: "claude-sonnet-4-0", display_name: "Claude Sonnet 4", type: "model" }],
                has_more: false,
              },
            }
          : {
              status: 401,
              json: { type: "error", error: { type: "authentication_error", message: "invalid x-api-key" } },
            },
    });
    try {
      expect(
        await probe({ kind: "anthropic", baseUrl: `${anthropic.url}/v1`, apiKey: "sk-ant-0003" }),
      ).toMatchObject({
        ok: true,
        items: ["claude-sonnet-4-0"],
      });
      const refused = await probe({
        kind: "anthropic",
        baseUrl: `${anthropic.url}/v1`,
        apiKey: "sk-ant-wrong",
      });
      expect(refused).toMatchObject({ ok: false });
      expect(refused.message).toContain("It answered 401: invalid x-api-key.");
    } finally {
      await anthropic.close();
    }
  });

  it("asks Google with its key header and keeps the models that generate content", async () => {
    const google = await loopback({
      "GET /v1beta/models": (seen) => ({
        status: seen.headers["x-goog-api-key"] === "g-key-0004" ? 200 : 400,
        json:
          seen.headers["x-goog-api-key"] === "g-key-0004"
            ? {
                models: [
                  {
                    name: "models/gemini-2.5-flash",
                    displayName: "Gemini 2.5 Flash",
                    supportedGenerationMethods: ["generateContent"],
                  },
                  { name: "models/text-embedding-004", supportedGenerationMethods: ["embedContent"] },
                ],
              }
            : {
                error: {
                  code: 400,
                  message: "API key not valid. Please pass a valid API key.",
                  status: "INVALID_ARGUMENT",
                },
              },
      }),
    });
    try {
      expect(
        await probe({ kind: "google", baseUrl: `${google.url}/v1beta`, apiKey: "g-key-0004" }),
      ).toMatchObject({
        ok: true,
        items: ["gemini-2.5-flash"],
        total: 1,
      });
      expect(
        (await probe({ kind: "google", baseUrl: `${google.url}/v1beta`, apiKey: "nope" })).message,
      ).toContain("API key not valid.");
    } finally {
      await google.close();
    }
  });

  it("says a server that does not answer was refused, and why", async () => {
    const result = await probe({ kind: "openai-compatible", baseUrl: "http://127.0.0.1:9/v1" });
    expect(result).toMatchObject({ ok: false });
    expect(result.message).toMatch(/could not be reached \(the connection was refused/);
  });
});

describe("search", () => {
  it("runs a SearXNG query and shows the titles, and quotes Tavily's refusal", async () => {
    const searx = await loopback({
      "GET /search": () => ({
        status: 200,
        json: { results: [{ url: "https://example.org/a", title: "A self-hosted workspace", content: "…" }] },
      }),
    });
    const tavily = await loopback({
      "POST /search": () => ({
        status: 401,
        json: { detail: { error: "Unauthorized: missing or invalid API key." } },
      }),
    });
    try {
      expect(await probe({ kind: "searxng", baseUrl: searx.url })).toMatchObject({
        ok: true,
        message: "It found 1 result for “self-hosted AI workspace”.",
        items: ["A self-hosted workspace"],
      });
      const refused = await probe({ kind: "tavily", baseUrl: tavily.url, apiKey: "tvly-wrong-0005" });
      expect(refused.ok).toBe(false);
      expect(refused.message).toContain("Unauthorized: missing or invalid API key.");
    } finally {
      await searx.close();
      await tavily.close();
    }
  });
});

describe("images, speech and transcription", () => {
  let speech: SpeechServer;
  beforeAll(async () => {
    speech = await startSpeechServer();
  });
  afterAll(() => speech.close());

  it("checks a fal key without drawing", async () => {
    const fal = await loopback({
      "GET /fal-ai/flux-pro/requests/00000000-0000-4000-8000-000000000000/status": (seen) =>
        seen.headers.authorization === "Key fal-good"
          ? { status: 404, json: { detail: "Request not found" } }
          : { status: 401, json: { detail: "Invalid key" } },
    });
    try {
      expect(await probe({ kind: "fal", baseUrl: fal.url, apiKey: "fal-good" })).toMatchObject({ ok: true });
      expect((await probe({ kind: "fal", baseUrl: fal.url, apiKey: "fal-bad" })).message).toContain(
        "Invalid key",
      );
    } finally {
      await fal.close();
    }
  });

  it("lists an image server's models, the drawing ones first, and names those it lacks", async () => {
    const images = await loopback({
      "GET /v1/models": () => ({ status: 200, json: { data: [{ id: "llama3" }, { id: "flux-schnell" }] } }),
    });
    try {
      const result = await probe({
        kind: "openai-images",
        baseUrl: `${images.url}/v1`,
        options: { models: ["flux-schnell", "sdxl"] },
      });
      expect(result).toMatchObject({ ok: true, items: ["flux-schnell", "llama3"] });
      expect(result.message).toBe("It lists 2 models. It does not list sdxl.");
    } finally {
      await images.close();
    }
  });

  it("has a speech server speak a sentence", async () => {
    const result = await probe({
      kind: "openai-speech",
      baseUrl: speech.url,
      apiKey: "sk-tts",
      options: { model: "tts-1" },
    });
    expect(result).toMatchObject({ ok: true });
    expect(result.message).toMatch(/^It spoke \d+\.\d s of audio/);
    expect(speech.requests.at(-1)?.body).toMatchObject({ model: "tts-1", input: "Tessera is connected." });
  });

  it("plays a spoken sentence to a transcription server and shows what it heard", async () => {
    const whisper = await loopback({
      "POST /v1/audio/transcriptions": (seen) => ({
        status: seen.body.includes("RIFF") && seen.body.includes("whisper-1") ? 200 : 400,
        json: { text: "Hello from Tessera." },
      }),
    });
    try {
      expect(await probe({ kind: "openai-transcription", baseUrl: `${whisper.url}/v1` })).toMatchObject({
        ok: true,
        message: "Played “Hello from Tessera” to it; it heard: Hello from Tessera.",
      });
    } finally {
      await whisper.close();
    }
  });
});

describe("mail", () => {
  let smtp: SMTPServer;
  let port: number;
  beforeAll(async () => {
    smtp = new SMTPServer({
      disabledCommands: ["STARTTLS"],
      allowInsecureAuth: true,
      onAuth: (auth, _session, callback) =>
        auth.password === "mail-pw"
          ? callback(null, { user: auth.username })
          : callback(new Error("Invalid login: bad password")),
    });
    port = await new Promise<number>((resolve) =>
      smtp.listen(0, "127.0.0.1", () => resolve((smtp.server.address() as AddressInfo).port)),
    );
  });
  afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())));

  it("signs in to an SMTP server, and says why a wrong password is refused, without it", async () => {
    const baseUrl = `smtp://tessera@127.0.0.1:${port}`;
    expect(await probe({ kind: "smtp", baseUrl, apiKey: "mail-pw" })).toMatchObject({
      ok: true,
      message: "The mail server answered and accepted the sign-in.",
    });
    const refused = await probe({ kind: "smtp", baseUrl, apiKey: "wrong-mail-pw" });
    expect(refused.ok).toBe(false);
    expect(refused.message).toContain("Invalid login");
    expect(refused.message).not.toContain("wrong-mail-pw");
  });
});
