import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/test-app";

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await t.newUser("grace@example.com", { name: "Grace Hopper" });
});
afterAll(() => t.close());

describe("/api/profile", () => {
  it("reads the caller's own profile", async () => {
    const res = await t.request("/api/profile", { token });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      email: "grace@example.com",
      fullName: "Grace Hopper",
      avatarUrl: null,
      twoFactorEnabled: false,
    });
  });

  it("updates full name and avatar, and the auth session sees the same name", async () => {
    const res = await t.request("/api/profile", {
      method: "PATCH",
      token,
      json: { fullName: "  Rear Admiral Hopper ", avatarUrl: "https://example.com/g.png" },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      fullName: "Rear Admiral Hopper",
      avatarUrl: "https://example.com/g.png",
    });
    const session = (await (await t.request("/api/auth/get-session", { token })).json()) as {
      user: { name: string; image: string };
    };
    expect(session.user).toMatchObject({ name: "Rear Admiral Hopper", image: "https://example.com/g.png" });
    const cleared = await t.request("/api/profile", { method: "PATCH", token, json: { avatarUrl: "" } });
    expect(await cleared.json()).toMatchObject({ avatarUrl: null, fullName: "Rear Admiral Hopper" });
  });

  it("refuses bad input with the reason and changes nothing", async () => {
    for (const body of [
      {},
      { fullName: "   " },
      { avatarUrl: "javascript:alert(1)" },
      { avatarUrl: "ftp://x.y/z" },
      { role: "admin" },
      { fullName: "x".repeat(121) },
    ]) {
      const res = await t.request("/api/profile", { method: "PATCH", token, json: body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(((await res.json()) as { error: { message: string } }).error.message.length).toBeGreaterThan(3);
    }
    expect(await (await t.request("/api/profile", { token })).json()).toMatchObject({
      fullName: "Rear Admiral Hopper",
      avatarUrl: null,
    });
  });

  it("keeps each person to their own profile", async () => {
    const other = await t.newUser("other@example.com", { name: "Someone Else" });
    expect(await (await t.request("/api/profile", { token: other })).json()).toMatchObject({
      email: "other@example.com",
    });
    expect(await (await t.request("/api/profile", { token })).json()).toMatchObject({
      email: "grace@example.com",
    });
  });
});
