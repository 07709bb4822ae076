// Over a real socket, because the client address is what the limits key on.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ORIGIN, createTestApp, type TestApp } from "../test/test-app";

let direct: TestApp;
let proxied: TestApp;

const signIn = (base: string, headers: Record<string, string>) =>
  fetch(`${base}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: ORIGIN, ...headers },
    body: JSON.stringify({ email: "nobody@example.com", password: "guessing-123" }),
  });

beforeAll(async () => {
  direct = await createTestApp({ RATE_LIMIT_SIGN_IN: "3", RATE_LIMIT_SIGN_UP: "2" });
  proxied = await createTestApp({ RATE_LIMIT_SIGN_IN: "3", TRUSTED_PROXY_HEADER: "X-Real-IP" });
});
afterAll(() => Promise.all([direct.close(), proxied.close()]));

describe("auth rate limits", () => {
  it("hold against a spoofed X-Forwarded-For when no proxy header is trusted", async () => {
    const base = await direct.listen();
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++)
      statuses.push(
        (await signIn(base, { "x-forwarded-for": `203.0.113.${i}`, "x-real-ip": `198.51.100.${i}` })).status,
      );
    expect(statuses.slice(0, 3)).toEqual([401, 401, 401]);
    expect(statuses.slice(3)).toEqual([429, 429]);
    const limited = await signIn(base, { "x-forwarded-for": "192.0.2.200" });
    expect(limited.status).toBe(429);
    expect(await limited.json()).toMatchObject({ error: { code: "RATE_LIMITED" } });
  });

  it("limit sign-up by address too", async () => {
    const base = await direct.listen();
    const signUp = (i: number) =>
      fetch(`${base}/api/auth/sign-up/email`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: ORIGIN, "x-forwarded-for": `203.0.113.${i}` },
        body: JSON.stringify({ email: `flood${i}@example.com`, password: "long enough pw", name: "F" }),
      });
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await signUp(i)).status);
    expect(statuses).toEqual([200, 200, 429, 429]);
  });

  it("key on the configured trusted proxy header when there is one", async () => {
    const base = await proxied.listen();
    for (let i = 0; i < 3; i++)
      expect((await signIn(base, { "x-real-ip": "198.51.100.7" })).status).toBe(401);
    expect((await signIn(base, { "x-real-ip": "198.51.100.7" })).status).toBe(429);
    expect((await signIn(base, { "x-real-ip": "198.51.100.8" })).status).toBe(401);
  });
});
