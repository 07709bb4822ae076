import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { readMp3 } from "./mp3-frames";
import { createOpenAiSpeech } from "./openai-speech";
import { createSpeechProvider, speechSettings } from "./registry";
import { startSpeechServer, type SpeechServer } from "./speech-server";
import { decodeWithFfmpeg } from "./test-audio";
import { SpeechProviderError } from "./types";

let server: SpeechServer;
beforeAll(async () => {
  server = await startSpeechServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
  server.script.length = 0;
});

const KEY = "sk-test-0123456789abcdef";

describe("OpenAI TTS", () => {
  it("asks /audio/speech for an MP3 in the mapped voice, with the voice's character as instructions", async () => {
    const speech = createOpenAiSpeech({ apiKey: KEY, baseURL: server.url, timeoutMs: 5000 });
    const { mp3, durationMs } = await speech.speak("Hello from the test server.", "vibe");
    expect(server.requests).toHaveLength(1);
    const [req] = server.requests;
    expect(req!.headers.authorization).toBe(`Bearer ${KEY}`);
    const { instructions, ...rest } = req!.body;
    expect(rest).toEqual({
      model: "gpt-4o-mini-tts",
      input: "Hello from the test server.",
      voice: "shimmer",
      response_format: "mp3",
    });
    expect(instructions).toContain("energy");
    expect(readMp3(mp3)).toMatchObject({ sampleRate: 24_000, offset: 0, end: mp3.byteLength });
    expect(durationMs).toBe(readMp3(mp3)!.durationMs);
    expect(durationMs).toBeGreaterThan(250);
  });

  it("sends tts-1 the voices it has and no instructions", async () => {
    const speech = createOpenAiSpeech({ apiKey: KEY, baseURL: server.url, model: "tts-1", timeoutMs: 5000 });
    await speech.speak("Warm words.", "verse");
    await speech.speak("Calm words.", "sage");
    expect(server.requests.map((r) => [r.body.voice, r.body.instructions])).toEqual([
      ["fable", undefined],
      ["sage", undefined],
    ]);
  });

  it("reads a long script in sentence-aligned pieces and joins their frames into one MP3", async () => {
    const sentence = "The tide comes in twice a day, and the harbour fills with boats. ";
    const script = sentence.repeat(150).trim(); // about 9,700 characters
    // The first piece comes with an ID3 tag, as some servers send; it must not end up mid-file.
    const tag = new Uint8Array([0x49, 0x44, 0x33, 4, 0, 0, 0, 0, 0, 20, ...new Array<number>(20).fill(0)]);
    server.script.push({ kind: "audio", prefix: tag });
    const speech = createOpenAiSpeech({ apiKey: KEY, baseURL: server.url, timeoutMs: 10_000 });
    const { mp3, durationMs } = await speech.speak(script, "alloy");
    const inputs = server.requests.map((r) => r.body.input!);
    expect(inputs).toHaveLength(3);
    for (const input of inputs) {
      expect(input.length).toBeLessThanOrEqual(4000);
      expect(input).toMatch(/boats\.$/);
    }
    expect(inputs.join(" ")).toBe(script);
    const info = readMp3(mp3)!;
    expect(info).toMatchObject({ offset: 0, end: mp3.byteLength });
    expect(info.durationMs).toBe(durationMs);
    expect(durationMs).toBeGreaterThan(script.length * 10 - 200);
    const decoded = await decodeWithFfmpeg(mp3);
    expect(Math.abs((decoded.samples / 24_000) * 1000 - durationMs)).toBeLessThan(100);
  });

  it("fails clearly, without the key, when the service refuses, sends no audio or does not answer", async () => {
    const speech = createOpenAiSpeech({ apiKey: KEY, baseURL: server.url, timeoutMs: 500 });
    server.script.push({
      kind: "status",
      status: 401,
      body: { error: { message: `Incorrect API key provided: ${KEY}` } },
    });
    const refused = await speech.speak("Hello.", "alloy").catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(SpeechProviderError);
    expect((refused as SpeechProviderError).status).toBe(401);
    expect((refused as Error).message).toMatch(/answered 401: Incorrect API key provided/);
    expect((refused as Error).message).not.toContain(KEY);

    server.script.push({ kind: "status", status: 500, body: { error: "upstream down" } });
    await expect(speech.speak("Hello.", "alloy")).rejects.toThrow(/answered 500: upstream down/);

    server.script.push({ kind: "bytes", contentType: "application/json", body: Buffer.from("{}") });
    await expect(speech.speak("Hello.", "alloy")).rejects.toThrow(/not MP3 audio/);

    server.script.push({ kind: "silence" });
    const started = performance.now();
    await expect(speech.speak("Hello.", "alloy")).rejects.toThrow(/did not answer in time/);
    expect(performance.now() - started).toBeLessThan(3000);
  });
});

describe("which engine speaks", () => {
  it("is OpenAI with its key (when the base URL is OpenAI's) or with a speech server of its own", () => {
    expect(speechSettings({})).toBeUndefined();
    expect(speechSettings({ OPENAI_API_KEY: KEY })).toEqual({
      apiKey: KEY,
      baseURL: "https://api.openai.com/v1",
      model: undefined,
    });
    // A self-hosted chat server behind OPENAI_BASE_URL is not asked to speak.
    expect(
      speechSettings({ OPENAI_API_KEY: KEY, OPENAI_BASE_URL: "http://127.0.0.1:11434/v1" }),
    ).toBeUndefined();
    expect(
      speechSettings({ OPENAI_TTS_BASE_URL: server.url, OPENAI_TTS_MODEL: "tts-1", OPENAI_API_KEY: KEY }),
    ).toEqual({ apiKey: KEY, baseURL: server.url, model: "tts-1" });
    expect(speechSettings({ OPENAI_TTS_API_KEY: "sk-tts" })).toEqual({ apiKey: "sk-tts", model: undefined });
  });

  it("is eSpeak NG, offline, when nothing is configured", () => {
    expect(createSpeechProvider({ timeoutMs: 1000 }).engine).toMatchObject({ id: "espeak", offline: true });
    expect(createSpeechProvider({ openai: { baseURL: server.url }, timeoutMs: 1000 }).engine).toMatchObject({
      id: "openai",
      offline: false,
    });
  });
});
