import type { Assistant } from "@tessera/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  startOpenAiCompatibleServer,
  type OpenAiCompatibleServer,
} from "../../test/openai-compatible-server";
import { createTestApp, readSse, type TestApp } from "../../test/test-app";

let t: TestApp;
let upstream: OpenAiCompatibleServer;
let ada: string;
let bob: string;
beforeAll(async () => {
  upstream = await startOpenAiCompatibleServer({
    models: ["normal"],
    scripts: {
      normal: { kind: "stream", chunks: ["Aye", " aye."], usage: { prompt_tokens: 9, completion_tokens: 2 } },
    },
  });
  t = await createTestApp({ OPENAI_BASE_URL: upstream.url, OPENAI_API_KEY: "sk-test" });
  ada = await t.newUser("ada@example.com");
  bob = await t.newUser("bob@example.com");
  // Making assistants is a Max feature; using them is open to every plan.
  await t.setPlan("ada@example.com", "max");
  await t.setPlan("bob@example.com", "max");
});
afterAll(async () => {
  await t.close();
  await upstream.close();
});

const settings = {
  model: "local/normal",
  temperature: 0.2,
  maxTokens: 300,
  personality: "friendly",
  responseStyle: "concise",
  language: "en",
};
const list = async (token: string) =>
  (await (await t.request("/api/assistants", { token })).json()) as Assistant[];
const create = (token: string, json: Record<string, unknown>) =>
  t.request("/api/assistants", { method: "POST", token, json });

describe("/api/assistants", () => {
  it("offers the four built-in assistants with the spec's settings", async () => {
    const builtIn = (await list(ada)).filter((a) => a.isSystem);
    expect(
      builtIn.map((a) => [
        a.name,
        a.settings.model,
        a.settings.temperature,
        a.settings.personality,
        a.settings.responseStyle,
      ]),
    ).toEqual([
      ["AI Assistant", "gpt-4o", 0.7, "friendly", "conversational"],
      ["Code Expert", "gpt-4o", 0.3, "professional", "detailed"],
      ["Writing Pro", "claude-sonnet", 0.8, "creative", "detailed"],
      ["Business Analyst", "gpt-4o", 0.5, "professional", "concise"],
    ]);
    expect(
      builtIn.every((a) => a.settings.maxTokens === 4000 && a.settings.language === "en" && !a.isOwned),
    ).toBe(true);
    // The app shows a built-in's name and description in the reader's language by this key.
    expect(builtIn.map((a) => a.builtIn)).toEqual([
      "ai-assistant",
      "code-expert",
      "writing-pro",
      "business-analyst",
    ]);
  });

  it("keeps private assistants to their owner, public ones readable by all and editable by the owner only", async () => {
    const mine = (await (
      await create(ada, { name: "Pirate", systemPrompt: "Talk like a pirate.", settings })
    ).json()) as Assistant;
    const open = (await (
      await create(ada, { name: "Open helper", systemPrompt: "Help.", settings, isPublic: true })
    ).json()) as Assistant;
    expect(mine).toMatchObject({
      isOwned: true,
      isPublic: false,
      isFavorite: false,
      isShared: false,
      isTeam: false,
      sharedBy: null,
      builtIn: null,
    });
    expect((await list(bob)).some((a) => a.id === mine.id)).toBe(false);
    expect((await list(bob)).find((a) => a.id === open.id)).toMatchObject({ isOwned: false, isPublic: true });
    expect((await t.request(`/api/assistants/${mine.id}`, { token: bob })).status).toBe(404);
    expect(
      (await t.request(`/api/assistants/${mine.id}`, { method: "PATCH", token: bob, json: { name: "Mine" } }))
        .status,
    ).toBe(404);
    expect(
      (await t.request(`/api/assistants/${open.id}`, { method: "PATCH", token: bob, json: { name: "Mine" } }))
        .status,
    ).toBe(403);
    expect((await t.request(`/api/assistants/${open.id}`, { method: "DELETE", token: bob })).status).toBe(
      403,
    );

    const fav = await t.request(`/api/assistants/${open.id}/favorite`, { method: "PUT", token: bob });
    expect(await fav.json()).toMatchObject({ isFavorite: true });
    expect((await list(ada)).find((a) => a.id === open.id)?.isFavorite).toBe(false);
    expect(
      (await t.request(`/api/assistants/${mine.id}/favorite`, { method: "PUT", token: bob })).status,
    ).toBe(404);

    const renamed = await t.request(`/api/assistants/${mine.id}`, {
      method: "PATCH",
      token: ada,
      json: { name: "Captain" },
    });
    expect(await renamed.json()).toMatchObject({ name: "Captain", systemPrompt: "Talk like a pirate." });
    expect((await t.request(`/api/assistants/${open.id}`, { method: "DELETE", token: ada })).status).toBe(
      204,
    );
  });

  it("refuses bad assistants, and knowledge documents that are not the owner's", async () => {
    for (const json of [
      {},
      { name: "X", systemPrompt: "", settings },
      { name: "X", systemPrompt: "Y", settings: { ...settings, temperature: 5 } },
      { name: "X", systemPrompt: "Y", settings, owner: "me" },
    ]) {
      expect((await create(ada, json)).status, JSON.stringify(json)).toBe(400);
    }
    const doc = (await (
      await t.request("/api/documents", {
        method: "POST",
        token: bob,
        json: { title: "Bob's", content: "Private notes" },
      })
    ).json()) as { id: string };
    const res = await create(ada, {
      name: "Thief",
      systemPrompt: "Y",
      settings,
      knowledgeBase: { documents: [doc.id] },
    });
    expect(res.status).toBe(400);
  });

  it("says in plain words what size a name or a setting must be", async () => {
    const res = await create(ada, {
      name: "n".repeat(81),
      systemPrompt: "Be brief.",
      settings: { ...settings, temperature: 2.5, maxTokens: 0, language: "e" },
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { message: string } }).error.message).toBe(
      "name: must be at most 80 characters; settings.temperature: must be at most 2; " +
        "settings.maxTokens: must be at least 1; settings.language: must be at least 2 characters",
    );
  });

  it("keeps only web addresses as websites: javascript:, file: and data: are refused with the reason", async () => {
    const hostile = [
      "javascript:alert(document.cookie)",
      "file:///etc/passwd",
      "data:text/html,<script>alert(1)</script>",
    ];
    for (const url of hostile) {
      const res = await create(ada, {
        name: "Linker",
        systemPrompt: "Cite.",
        settings,
        knowledgeBase: { websites: ["https://docs.example/guide", url] },
      });
      expect(res.status, url).toBe(400);
      expect(((await res.json()) as { error: { message: string } }).error.message).toBe(
        "knowledgeBase.websites.1: must be an http:// or https:// address",
      );
    }
    const kept = (await (
      await create(ada, {
        name: "Linker",
        systemPrompt: "Cite.",
        settings,
        knowledgeBase: { websites: ["https://docs.example/guide"] },
      })
    ).json()) as Assistant;
    expect(kept.knowledgeBase.websites).toEqual(["https://docs.example/guide"]);
    for (const url of hostile) {
      const res = await t.request(`/api/assistants/${kept.id}`, {
        method: "PATCH",
        token: ada,
        json: { knowledgeBase: { websites: [url] } },
      });
      expect(res.status, url).toBe(400);
    }
    const stored = (await (
      await t.request(`/api/assistants/${kept.id}`, { token: ada })
    ).json()) as Assistant;
    expect(stored.knowledgeBase.websites).toEqual(["https://docs.example/guide"]);
  });
  it("answers in chat as the assistant: its prompt, instructions and sampling go upstream", async () => {
    const pirate = (await (
      await create(ada, {
        name: "Pirate",
        systemPrompt: "Talk like a pirate.",
        settings,
        knowledgeBase: { instructions: "Always end with 'Arr!'" },
      })
    ).json()) as Assistant;
    const events = await readSse(
      await t.request("/api/chat-stream", {
        method: "POST",
        token: ada,
        json: { message: "Hello", model: "local/normal", assistantId: pirate.id },
      }),
    );
    expect(events.at(-1)).toMatchObject({ type: "complete" });
    const sent = upstream.requests.at(-1)!.body as {
      messages: { role: string; content: string }[];
      temperature: number;
      max_tokens: number;
    };
    expect(sent.messages[0]!.role).toBe("system");
    expect(sent.messages[0]!.content).toContain("Talk like a pirate.");
    expect(sent.messages[0]!.content).toContain("Always end with 'Arr!'");
    expect(sent.temperature).toBe(0.2);
    expect(sent.max_tokens).toBe(300);
    const other = await t.request("/api/chat-stream", {
      method: "POST",
      token: bob,
      json: { message: "Hello", model: "local/normal", assistantId: pirate.id },
    });
    expect(other.status).toBe(404);
  });

  it("lets Tessera Local answer from a public assistant's knowledge documents for whoever uses it", async () => {
    const doc = (await (
      await t.request("/api/documents", {
        method: "POST",
        token: ada,
        json: { title: "Ship manual", content: "The Marigold ship's anchor code is 7741." },
      })
    ).json()) as { id: string };
    const guide = (await (
      await create(ada, {
        name: "Ship guide",
        systemPrompt: "Answer about the ship.",
        settings,
        isPublic: true,
        knowledgeBase: { documents: [doc.id] },
      })
    ).json()) as Assistant;
    const ask = async (assistantId?: string) =>
      (
        await readSse(
          await t.request("/api/chat-stream", {
            method: "POST",
            token: bob,
            json: { message: "What is the Marigold anchor code?", model: "tessera-local", assistantId },
          }),
        )
      )
        .filter((e) => e.type === "chunk")
        .map((e) => e.content as string)
        .join("");
    expect(await ask(guide.id)).toContain("7741");
    expect(await ask()).not.toContain("7741");
  });

  it("keeps an assistant's tool set: given, changed, and empty by default", async () => {
    const made = (await (
      await create(ada, {
        name: "Clock",
        systemPrompt: "Tell the time.",
        settings,
        tools: ["builtin:current_time"],
      })
    ).json()) as Assistant;
    expect(made.tools).toEqual(["builtin:current_time"]);
    const changed = await t.request(`/api/assistants/${made.id}`, {
      method: "PATCH",
      token: ada,
      json: { tools: [] },
    });
    expect(((await changed.json()) as Assistant).tools).toEqual([]);
    const plain = (await (
      await create(ada, { name: "Plain", systemPrompt: "Hi.", settings })
    ).json()) as Assistant;
    expect(plain.tools).toEqual([]);
    expect((await create(ada, { name: "Bad", systemPrompt: "Hi.", settings, tools: "all" })).status).toBe(
      400,
    );
  });
});
