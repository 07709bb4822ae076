import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, readSse, type TestApp } from "../../test/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_CHAT: "2" });
});
afterAll(() => t.close());

describe("chat rate limit", () => {
  it("answers 429 with Retry-After once a person sends too many messages a minute, per person", async () => {
    const ada = await t.newUser("ada@example.com");
    const bob = await t.newUser("bob@example.com");
    const send = (token: string) =>
      t.request("/api/chat-stream", {
        method: "POST",
        token,
        json: { message: "How do I stop an answer?", model: "guide" },
      });
    for (let i = 0; i < 2; i++) expect((await readSse(await send(ada))).at(-1)!.type).toBe("complete");
    const limited = await send(ada);
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(await limited.json()).toMatchObject({ error: { code: "RATE_LIMITED" } });
    expect((await send(bob)).status).toBe(200);
  });
});
