// The server answers in the person's language: their stored choice, else Accept-Language; and mail
// goes out in the recipient's.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, PASSWORD, type TestApp } from "../test/test-app";
import { languageFromHeader, pickLanguage, translateError } from "./server-text";

describe("picking the language", () => {
  it("takes the best Accept-Language we speak, by q-value, else English", () => {
    expect(languageFromHeader("fr-CA,fr;q=0.9,en;q=0.8")).toBe("fr");
    expect(languageFromHeader("xx, ja;q=0.5, de;q=0.7")).toBe("de");
    expect(languageFromHeader("pt")).toBe("pt-BR");
    expect(languageFromHeader("zh-Hans-CN")).toBe("zh-CN");
    expect(languageFromHeader("zh-TW")).toBe("en");
    expect(languageFromHeader(null)).toBe("en");
    expect(pickLanguage("ar", "de")).toBe("ar");
    expect(pickLanguage("klingon", "de")).toBe("de");
  });

  it("translates the messages it knows and leaves the others as written", () => {
    expect(translateError("Sign in to continue.", "de")).toBe("Melden Sie sich an, um fortzufahren.");
    expect(translateError("title: a problem no catalogue knows", "de")).toBe(
      "title: a problem no catalogue knows",
    );
  });
});

describe("answers and mail", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("words an error in the browser's language when no one is signed in", async () => {
    const res = await t.request("/api/profile", { headers: { "accept-language": "de-DE,de;q=0.9" } });
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({
      error: { code: "UNAUTHORIZED", message: "Melden Sie sich an, um fortzufahren." },
    });
    const english = await t.request("/api/profile");
    expect(await english.json()).toMatchObject({ error: { message: "Sign in to continue." } });
  });

  it("prefers the language stored on the account to the browser's", async () => {
    const token = await t.newUser("ines@example.com");
    await t.request("/api/profile", { method: "PATCH", token, json: { language: "fr" } });
    const res = await t.request(`/api/conversations/${randomUUID()}/share`, {
      method: "POST",
      token,
      json: {},
      headers: { "accept-language": "de" },
    });
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ error: { message: "Conversation introuvable." } });
  });

  it("sends the confirmation in the language of the browser that signed up", async () => {
    const res = await t.request("/api/auth/sign-up/email", {
      method: "POST",
      headers: { "accept-language": "ja" },
      json: { email: "kenji@example.com", password: PASSWORD, name: "Kenji", callbackURL: "/" },
    });
    expect(res.status).toBe(200);
    const mail = await t.latestMail("kenji@example.com", "verify-email");
    expect(mail?.subject).toBe("Tessera アカウントの確認");
    expect(mail?.text).toContain("Tessera へようこそ, Kenji。");
    expect(mail?.text).toContain(mail?.link ?? "no link");
  });

  it("sends a reset in the language the person chose, whatever the browser asks", async () => {
    const token = await t.newUser("greta@example.com");
    await t.request("/api/profile", { method: "PATCH", token, json: { language: "de" } });
    const res = await t.request("/api/auth/request-password-reset", {
      method: "POST",
      headers: { "accept-language": "en" },
      json: { email: "greta@example.com", redirectTo: "/reset-password" },
    });
    expect(res.status).toBe(200);
    const mail = await t.latestMail("greta@example.com", "reset-password");
    expect(mail?.subject).toBe("Setzen Sie Ihr Tessera-Passwort zurück");
  });

  it("words the sign-in's refusals and a refused request's fields in the person's language", async () => {
    await t.newUser("pilar@example.com");
    const wrong = await t.request("/api/auth/sign-in/email", {
      method: "POST",
      headers: { "accept-language": "es-ES,es;q=0.9" },
      json: { email: "pilar@example.com", password: "not-the-password-1" },
    });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toMatchObject({
      error: {
        message:
          "Correo o contraseña incorrectos. Si acabas de crear tu cuenta, abre primero el enlace que te enviamos por correo.",
      },
    });

    const token = await t.newUser("jun@example.com");
    await t.request("/api/profile", { method: "PATCH", token, json: { language: "zh-CN" } });
    const refused = await t.request("/api/conversation-folders", {
      method: "POST",
      token,
      json: { name: "x".repeat(500) },
    });
    expect(refused.status).toBe(400);
    const body = (await refused.json()) as { error: { message: string } };
    expect(body.error.message).toMatch(/^name: 最多 \d+ 个字符$/);
  });
});
