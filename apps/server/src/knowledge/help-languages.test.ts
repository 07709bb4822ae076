// The help articles in every language: each one translated, the Help page served in the language the
// app shows, and Tessera Local answering from the articles of the language a person chose.
import { LANGUAGE_CODES } from "@tessera/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { askInChat, createTestApp, type TestApp } from "../test/test-app";
import { HELP_ARTICLES, HELP_TRANSLATIONS } from "./help-articles";

const VARIABLE = /\b[A-Z][A-Z0-9]*_[A-Z0-9_]+\b/g;

describe("the translations", () => {
  it.each(Object.entries(HELP_TRANSLATIONS))("%s has every article, and only those", (_, articles) => {
    expect(Object.keys(articles).sort()).toEqual(HELP_ARTICLES.map((a) => a.slug).sort());
    for (const { title, body } of Object.values(articles)) {
      expect(title.trim()).not.toBe("");
      expect(body.length).toBeGreaterThan(40);
      expect(`${title} ${body}`.match(VARIABLE)).toBeNull();
    }
  });

  it("covers every language the app speaks", () => {
    expect(Object.keys(HELP_TRANSLATIONS).sort()).toEqual(LANGUAGE_CODES.filter((l) => l !== "en").sort());
  });
});

describe("help in the person's language", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("serves the Help page's articles in the language asked for", async () => {
    const res = await t.request("/api/public/help", { headers: { "accept-language": "fr-FR,fr;q=0.9" } });
    expect(res.headers.get("vary")).toContain("Accept-Language");
    const { articles } = (await res.json()) as { articles: { slug: string; title: string }[] };
    expect(articles.find((a) => a.slug === "getting-started")?.title).toBe("Bien démarrer avec Tessera");
    const english = (await (await t.request("/api/public/help")).json()) as {
      articles: { slug: string; title: string }[];
    };
    expect(english.articles.find((a) => a.slug === "getting-started")?.title).toBe(
      "Getting started with Tessera",
    );
  });

  const ask = (token: string, message: string) => askInChat(t, token, { message, model: "tessera-local" });

  it("Tessera Local answers a German reader from the German articles, and an English one from the English", async () => {
    const greta = await t.newUser("greta@example.com");
    await t.request("/api/profile", { method: "PATCH", token: greta, json: { language: "de" } });
    const german = await ask(greta, "Wie schalte ich die Zwei-Faktor-Authentifizierung ein?");
    expect(german.sources[0]).toMatchObject({
      title: "Kontosicherheit und Anmeldung in zwei Schritten",
      url: "/help/account-security",
    });
    expect(german.text).toContain("QR-Code");

    const ann = await t.newUser("ann@example.com");
    const english = await ask(ann, "How do I turn on two-factor authentication?");
    expect(english.sources[0]).toMatchObject({ title: "Account security and two-factor sign-in" });
    expect(english.sources.map((s) => s.title)).not.toContain(
      "Kontosicherheit und Anmeldung in zwei Schritten",
    );
  });
});
