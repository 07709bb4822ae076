// What Tessera Local answers in a chat with no provider connected: a file sent with the question is
// its first source, it speaks as the persona chosen, and a question it has nothing for gets one short
// line, with the way to connect a model for an instance admin only. Its own words are in the person's
// language (their choice on Account, else their browser's); what it quotes stays as written.
import { composeMessage } from "@tessera/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { conversations } from "../../db/schema";
import { askInChat, createTestApp, type TestApp } from "../../test/test-app";

let t: TestApp;
let admin: string;
let member: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.newUser("owner@example.com"); // the first account is the instance admin
  member = await t.newUser("member@example.com");
});
afterAll(() => t.close());

const ask = (token: string, body: Record<string, unknown>) => askInChat(t, token, body);

const NOTE = "The keeper logs the wind every four hours. At dawn the lamp is put out.";
const UNKNOWN = "What is the capital of France?";

describe("Tessera Local in chat", () => {
  it.each(["guide", "tessera-local"])("%s answers from an attached .txt first, citing it", async (model) => {
    const message = composeMessage("How often is the wind logged?", [{ name: "notes.txt", text: NOTE }]);
    const { text, sources, conversationId } = await ask(member, { message, model });
    expect(text).toBe(
      "From notes.txt: The keeper logs the wind every four hours. [1] At dawn the lamp is put out. [1]",
    );
    expect(sources[0]).toMatchObject({ title: "notes.txt", url: "attached:notes.txt" });
    const [row] = await t.services.database.db
      .select({ title: conversations.title })
      .from(conversations)
      .where(eq(conversations.id, conversationId));
    expect(row?.title).toBe("How often is the wind logged?");
  });

  it("names itself as the persona chosen: Tessa as Tessa, Tessera Local as Tessera Local", async () => {
    expect((await ask(member, { message: UNKNOWN, model: "guide" })).text).toMatch(/^I'm Tessa, /);
    expect((await ask(member, { message: UNKNOWN, model: "tessera-local" })).text).toMatch(
      /^I'm Tessera Local, /,
    );
  });

  it("answers what it has nothing for in one line; only an admin is told how to connect a model", async () => {
    const forMember = (await ask(member, { message: UNKNOWN, model: "guide" })).text;
    expect(forMember.split("\n")).toHaveLength(1);
    expect(forMember).not.toMatch(/connections|[A-Z]+_[A-Z_]+/);
    const forAdmin = (await ask(admin, { message: UNKNOWN, model: "guide" })).text;
    expect(forAdmin.split("\n")).toHaveLength(1);
    expect(forAdmin).toContain("[Connect a model](/dashboard/admin/connections)");
    expect(forAdmin).not.toMatch(/[A-Z]+_[A-Z_]+/);
  });

  it("does not answer a TypeScript question with a model to pick", async () => {
    const { text } = await ask(member, {
      message: "Which TypeScript type should I use for a long list of documents?",
      model: "guide",
    });
    expect(text).not.toMatch(/pick \*\*/);
  });

  it("words its line in the language stored on the account, whatever the browser asks", async () => {
    const german = await t.newUser("german@example.com");
    const patched = await t.request("/api/profile", {
      method: "PATCH",
      token: german,
      json: { language: "de" },
    });
    expect(patched.status).toBe(200);
    const { text, sources } = await ask(german, {
      message: "Was ist die Hauptstadt von Frankreich?",
      model: "guide",
    });
    expect(text).toBe(
      "Ich bin Tessa und antworte offline aus der Hilfe und dem Modellkatalog dieses Arbeitsbereichs " +
        "sowie aus Ihren Dokumenten. Dort habe ich nichts dazu gefunden.",
    );
    expect(sources).toEqual([]);
    // A German question about models is read from the German help, and led in German.
    const models = await ask(german, {
      message: "Welches Modell ist am besten zum Programmieren?",
      model: "guide",
    });
    expect(models.text).toMatch(/^Aus der Tessera-Hilfe: /);
    expect(models.text).toContain("welches Modell zu einer Aufgabe passt");
    // A file's own words stay as written; only the lead is German. An English browser changes nothing.
    const message = composeMessage("How often is the wind logged?", [{ name: "notes.txt", text: NOTE }]);
    const fromFile = await askInChat(t, german, { message, model: "guide" }, { "accept-language": "en-US" });
    expect(fromFile.text).toBe(
      "Aus notes.txt: The keeper logs the wind every four hours. [1] At dawn the lamp is put out. [1]",
    );
    // The admin's link to Connections is German too.
    await t.request("/api/profile", { method: "PATCH", token: admin, json: { language: "de" } });
    try {
      const forAdmin = (await ask(admin, { message: UNKNOWN, model: "guide" })).text;
      expect(forAdmin).toContain(
        "[Verbinden Sie ein Modell](/dashboard/admin/connections), damit auch alles andere beantwortet werden kann.",
      );
    } finally {
      await t.request("/api/profile", { method: "PATCH", token: admin, json: { language: null } });
    }
  });

  it("follows the browser's language when none is stored", async () => {
    const { text } = await askInChat(
      t,
      member,
      { message: UNKNOWN, model: "tessera-local" },
      { "accept-language": "ja,en;q=0.8" },
    );
    expect(text).toMatch(/^Tessera Local です。/);
    expect((await ask(member, { message: UNKNOWN, model: "tessera-local" })).text).toMatch(
      /^I'm Tessera Local, /,
    );
  });
});
