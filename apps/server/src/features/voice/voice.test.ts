import type { TextToVoiceResponse, VoiceOver, VoicesResponse } from "@tessera/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readMp3 } from "../../providers/speech/mp3-frames";
import { startSpeechServer, type SpeechServer } from "../../providers/speech/speech-server";
import { decodeWithFfmpeg } from "../../providers/speech/test-audio";
import { createTestApp, type TestApp } from "../../test/test-app";

const SCRIPT = "Good morning. The harbour opens at nine, and the ferry leaves at ten.";

const post = (t: TestApp, token: string | undefined, json: unknown) =>
  t.request("/api/text-to-voice", { method: "POST", token, json });

describe("voice-over with the offline engine", () => {
  let t: TestApp;
  let pro: string;
  let core: string;
  let other: string;
  beforeAll(async () => {
    t = await createTestApp();
    pro = await t.newUser("voice-pro@example.com");
    core = await t.newUser("voice-core@example.com");
    other = await t.newUser("voice-other@example.com");
    await t.setPlan("voice-pro@example.com", "pro");
    await t.setPlan("voice-other@example.com", "max");
  });
  afterAll(() => t.close());

  it("needs a session for every route", async () => {
    for (const [method, path] of [
      ["POST", "/api/text-to-voice"],
      ["GET", "/api/voices"],
      ["GET", "/api/voice-overs"],
      ["GET", "/api/voice-overs/00000000-0000-4000-8000-000000000000"],
      ["GET", "/api/voice-overs/00000000-0000-4000-8000-000000000000/audio"],
      ["DELETE", "/api/voice-overs/00000000-0000-4000-8000-000000000000"],
    ] as const) {
      const res = await t.request(path, { method, json: method === "POST" ? { text: SCRIPT } : undefined });
      expect(res.status, `${method} ${path}`).toBe(401);
    }
  });

  it("lists the six voices of the spec on the offline engine", async () => {
    const res = await t.request("/api/voices", { token: core });
    expect(res.status).toBe(200);
    const body = (await res.json()) as VoicesResponse;
    expect(body.engine).toMatchObject({ id: "espeak", name: "eSpeak NG", offline: true });
    expect(body.voices.map((v) => [v.id, v.description])).toEqual([
      ["alloy", "Neutral"],
      ["verse", "Warm"],
      ["coral", "Friendly"],
      ["sage", "Calm"],
      ["vibe", "Energetic"],
      ["nova", "Bright"],
    ]);
    expect(body.voices.every((v) => v.provider === "espeak" && v.available)).toBe(true);
  });

  it("refuses Core: voice is on Pro and up", async () => {
    const res = await post(t, core, { text: SCRIPT, voice: "alloy" });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({
      error: { code: "PLAN_REQUIRED", message: "AI Voice is on the Pro plan and up. Upgrade to use it." },
    });
  });

  it("refuses a blank, over-long or unknown-voice script with the reason", async () => {
    const cases: [unknown, RegExp][] = [
      [{ text: "   \n " }, /text: write something to read aloud/],
      [{ text: "\u0000\u0007" }, /text: write something to read aloud/],
      [{ text: "a".repeat(10_001) }, /text: is 10,001 characters long; the limit is 10,000/],
      [{ text: SCRIPT, voice: "onyx" }, /voice: must be one of alloy, verse, coral, sage, vibe, nova/],
      [{ voice: "alloy" }, /text: must be text/],
      [{ text: SCRIPT, speed: 2 }, /speed/],
    ];
    for (const [body, message] of cases) {
      const res = await post(t, pro, body);
      expect(res.status, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(((await res.json()) as { error: { message: string } }).error.message).toMatch(message);
    }
    // Only punctuation: the engine has nothing to say.
    const silent = await post(t, pro, { text: "... - - -" });
    expect(silent.status).toBe(400);
    expect(((await silent.json()) as { error: { message: string } }).error.message).toContain(
      "nothing to read aloud",
    );
    expect(await (await t.request("/api/voice-overs", { token: pro })).json()).toEqual([]);
  });

  it("speaks a script on Pro: the MP3 inline as base64, stored, listed, served and deleted", async () => {
    const res = await post(t, pro, { text: `  ${SCRIPT}  ` });
    expect(res.status).toBe(200);
    const made = (await res.json()) as TextToVoiceResponse;
    expect(made).toMatchObject({ voice: "alloy", fileName: "voice-over.mp3", provider: "espeak" });
    expect(made.excerpt).toBe(SCRIPT);
    const mp3 = Buffer.from(made.audioContent, "base64");
    expect(mp3.byteLength).toBe(made.bytes);
    const info = readMp3(mp3)!;
    expect(info).toMatchObject({ sampleRate: 22_050, bitrateKbps: 128 });
    expect(Math.abs(info.durationMs - made.durationMs)).toBeLessThan(150);
    expect(made.durationMs).toBeGreaterThan(3000);
    expect((await decodeWithFfmpeg(mp3)).stderr).toBe("");

    // The kept file plays from its same-origin URL.
    const file = await t.request(made.url);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("audio/mpeg");
    expect(Buffer.from(await file.arrayBuffer()).equals(mp3)).toBe(true);

    // A second one, in another voice and with a file name to clean up, comes first in the list.
    const second = (await (
      await post(t, pro, { text: "Second take.", voice: "nova", fileName: "../Ferry\u0000 times?.MP3" })
    ).json()) as TextToVoiceResponse;
    expect(second.fileName).toBe("Ferry times.mp3");
    const list = (await (await t.request("/api/voice-overs", { token: pro })).json()) as VoiceOver[];
    expect(list.map((v) => [v.id, v.voice])).toEqual([
      [second.id, "nova"],
      [made.id, "alloy"],
    ]);
    expect(list[1]).not.toHaveProperty("audioContent");

    // Read back whole, and as MP3: inline to play, attachment with its name to download.
    const again = (await (
      await t.request(`/api/voice-overs/${made.id}`, { token: pro })
    ).json()) as TextToVoiceResponse;
    expect(again.audioContent).toBe(made.audioContent);
    const inline = await t.request(`/api/voice-overs/${second.id}/audio`, { token: pro });
    expect(inline.headers.get("content-type")).toBe("audio/mpeg");
    expect(inline.headers.get("content-disposition")).toMatch(/^inline; filename="Ferry times.mp3"/);
    const download = await t.request(`/api/voice-overs/${second.id}/audio?download=1`, { token: pro });
    expect(download.headers.get("content-disposition")).toBe(
      `attachment; filename="Ferry times.mp3"; filename*=UTF-8''Ferry%20times.mp3`,
    );
    expect(Buffer.from(await download.arrayBuffer()).equals(Buffer.from(second.audioContent, "base64"))).toBe(
      true,
    );

    // Someone else sees none of it and cannot touch it.
    expect(await (await t.request("/api/voice-overs", { token: other })).json()).toEqual([]);
    for (const [method, path] of [
      ["GET", `/api/voice-overs/${made.id}`],
      ["GET", `/api/voice-overs/${made.id}/audio`],
      ["DELETE", `/api/voice-overs/${made.id}`],
    ] as const)
      expect((await t.request(path, { method, token: other })).status, `${method} ${path}`).toBe(404);
    expect((await t.request("/api/voice-overs/not-an-id", { token: pro })).status).toBe(400);

    // Deleting removes the row and the file.
    expect((await t.request(`/api/voice-overs/${made.id}`, { method: "DELETE", token: pro })).status).toBe(
      204,
    );
    expect((await t.request(`/api/voice-overs/${made.id}`, { method: "DELETE", token: pro })).status).toBe(
      404,
    );
    expect((await t.request(made.url)).status).toBe(404);
    const left = (await (await t.request("/api/voice-overs", { token: pro })).json()) as VoiceOver[];
    expect(left.map((v) => v.id)).toEqual([second.id]);
  }, 60_000);

  it("keeps a person to one generation at a time", async () => {
    const [a, b] = await Promise.all([
      post(t, other, { text: SCRIPT, voice: "sage" }),
      post(t, other, { text: SCRIPT, voice: "vibe" }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const refused = a.status === 409 ? a : b;
    expect(await refused.json()).toMatchObject({ error: { code: "CONFLICT" } });
  }, 30_000);
});

describe("voice-over with OpenAI TTS", () => {
  let t: TestApp;
  let speech: SpeechServer;
  let token: string;
  beforeAll(async () => {
    speech = await startSpeechServer();
    t = await createTestApp({ OPENAI_TTS_BASE_URL: speech.url, OPENAI_API_KEY: "sk-test-voice" });
    token = await t.newUser("voice-openai@example.com");
    await t.setPlan("voice-openai@example.com", "pro");
  });
  afterAll(async () => {
    await t.close();
    await speech.close();
  });

  it("speaks through the configured service and keeps what it sent", async () => {
    const voices = (await (await t.request("/api/voices", { token })).json()) as VoicesResponse;
    expect(voices.engine).toMatchObject({ id: "openai", offline: false });
    const res = await post(t, token, { text: SCRIPT, voice: "coral", fileName: "Harbour" });
    expect(res.status).toBe(200);
    const made = (await res.json()) as TextToVoiceResponse;
    expect(made).toMatchObject({ provider: "openai", voice: "coral", fileName: "Harbour.mp3" });
    expect(speech.requests.at(-1)!.body).toMatchObject({
      input: SCRIPT,
      voice: "coral",
      response_format: "mp3",
    });
    expect(readMp3(Buffer.from(made.audioContent, "base64"))!.durationMs).toBe(made.durationMs);
  });

  it("answers the spec's 503 when the service fails, and keeps nothing", async () => {
    const before = ((await (await t.request("/api/voice-overs", { token })).json()) as VoiceOver[]).length;
    speech.script.push({ kind: "status", status: 500, body: { error: { message: "overloaded" } } });
    const res = await post(t, token, { text: SCRIPT });
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({
      error: {
        code: "UNAVAILABLE",
        message: "Voice generation is temporarily unavailable. Please try again in a few minutes.",
      },
    });
    const after = (await (await t.request("/api/voice-overs", { token })).json()) as VoiceOver[];
    expect(after).toHaveLength(before);
  });
});
