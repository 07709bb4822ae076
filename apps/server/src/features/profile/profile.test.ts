import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/test-app";
import { TINY_PNG } from "../../test/tiny-pdf";

let t: TestApp;
let token: string;
let pictures: Server;
let picturesUrl: string;
beforeAll(async () => {
  pictures = createServer((req, res) => {
    if (req.url === "/g.png") return res.writeHead(200, { "content-type": "image/png" }).end(TINY_PNG);
    if (req.url === "/page.html")
      return res.writeHead(200, { "content-type": "text/html" }).end("<html></html>");
    res.writeHead(404).end();
  });
  await new Promise<void>((r) => pictures.listen(0, "127.0.0.1", r));
  picturesUrl = `http://127.0.0.1:${(pictures.address() as AddressInfo).port}`;
  // The picture server is on loopback, which only a development setting lets the guarded client reach.
  t = await createTestApp({ OUTBOUND_ALLOW_PRIVATE: "true" });
  token = await t.newUser("grace@example.com", { name: "Grace Hopper" });
});
afterAll(async () => {
  pictures.close();
  await t.close();
});

describe("/api/profile", () => {
  it("reads the caller's own profile", async () => {
    const res = await t.request("/api/profile", { token });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      email: "grace@example.com",
      fullName: "Grace Hopper",
      avatarUrl: null,
      twoFactorEnabled: false,
      language: null,
    });
  });

  it("stores the person's language, refuses one we do not speak, and forgets it on null", async () => {
    const set = await t.request("/api/profile", { method: "PATCH", token, json: { language: "pt-BR" } });
    expect(await set.json()).toMatchObject({ language: "pt-BR", fullName: "Grace Hopper" });
    expect(await (await t.request("/api/profile", { token })).json()).toMatchObject({ language: "pt-BR" });
    const bad = await t.request("/api/profile", { method: "PATCH", token, json: { language: "tlh" } });
    expect(bad.status).toBe(400);
    const cleared = await t.request("/api/profile", { method: "PATCH", token, json: { language: null } });
    expect(await cleared.json()).toMatchObject({ language: null });
  });

  it("updates the name, and copies the avatar to our own origin so the page may show it", async () => {
    const res = await t.request("/api/profile", {
      method: "PATCH",
      token,
      json: { fullName: "  Rear Admiral Hopper ", avatarUrl: `${picturesUrl}/g.png` },
    });
    expect(res.status).toBe(200);
    const profile = (await res.json()) as { fullName: string; avatarUrl: string; avatarSrc: string };
    expect(profile).toMatchObject({ fullName: "Rear Admiral Hopper", avatarUrl: `${picturesUrl}/g.png` });
    expect(profile.avatarSrc).toMatch(/^\/files\/avatars\/\d+-[0-9a-f]{16}\.png$/);
    const copy = await t.request(profile.avatarSrc);
    expect(new Uint8Array(await copy.arrayBuffer())).toEqual(TINY_PNG);
    const session = (await (await t.request("/api/auth/get-session", { token })).json()) as {
      user: { name: string; image: string };
    };
    expect(session.user).toMatchObject({ name: "Rear Admiral Hopper", image: profile.avatarSrc });
    const cleared = await t.request("/api/profile", { method: "PATCH", token, json: { avatarUrl: "" } });
    expect(await cleared.json()).toMatchObject({
      avatarUrl: null,
      avatarSrc: null,
      fullName: "Rear Admiral Hopper",
    });
  });

  it("refuses an avatar address that is not a picture, or that is missing", async () => {
    for (const path of ["/page.html", "/missing.png"]) {
      const res = await t.request("/api/profile", {
        method: "PATCH",
        token,
        json: { avatarUrl: `${picturesUrl}${path}` },
      });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: { message: string } }).error.message).toContain("avatarUrl");
    }
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
    const long = await t.request("/api/profile", {
      method: "PATCH",
      token,
      json: { fullName: "x".repeat(121) },
    });
    expect(((await long.json()) as { error: { message: string } }).error.message).toBe(
      "fullName: must be at most 120 characters",
    );
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

describe("avatar addresses on a production setup", () => {
  it("are never fetched from private or loopback addresses", async () => {
    const strict = await createTestApp();
    try {
      const token = await strict.newUser("strict@example.com");
      const res = await strict.request("/api/profile", {
        method: "PATCH",
        token,
        json: { avatarUrl: `${picturesUrl}/g.png` },
      });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: { message: string } }).error.message).toContain("not reachable");
    } finally {
      await strict.close();
    }
  });
});
