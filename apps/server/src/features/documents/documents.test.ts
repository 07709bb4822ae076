import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, readSse, type TestApp } from "../../test/test-app";
import { splitPassages } from "./split-passages";

let t: TestApp;
let ada: string;
let bob: string;
beforeAll(async () => {
  t = await createTestApp();
  ada = await t.newUser("ada@example.com");
  bob = await t.newUser("bob@example.com");
});
afterAll(() => t.close());

const QUESTION = "What is the Zanzibar rollout codename for the billing migration?";
const askTessa = async (token: string) => {
  const events = await readSse(
    await t.request("/api/chat-stream", {
      method: "POST",
      token,
      json: { message: QUESTION, model: "tessera-local" },
    }),
  );
  const done = events.at(-1)!;
  return {
    text: events
      .filter((e) => e.type === "chunk")
      .map((e) => e.content as string)
      .join(""),
    sources: (done.sources ?? []) as { title: string; url: string }[],
  };
};

describe("/api/documents", () => {
  it("indexes a person's document so Tessera Local answers from it and cites it, for them only", async () => {
    const res = await t.request("/api/documents", {
      method: "POST",
      token: ada,
      json: {
        title: "Billing migration plan",
        content:
          "The billing migration ships in three waves.\n\nThe Zanzibar rollout codename for the billing migration is Bluefin. Wave one moves invoices.",
      },
    });
    expect(res.status).toBe(201);
    const doc = (await res.json()) as { id: string; passages: number };
    expect(doc.passages).toBeGreaterThan(0);

    const mine = await askTessa(ada);
    expect(mine.text).toContain("Bluefin");
    expect(mine.sources.some((s) => s.url === `/dashboard/documents/${doc.id}`)).toBe(true);

    const theirs = await askTessa(bob);
    expect(theirs.text).not.toContain("Bluefin");
    expect(theirs.sources.some((s) => s.url.includes(doc.id))).toBe(false);

    expect((await t.request(`/api/documents/${doc.id}`, { token: bob })).status).toBe(404);
    expect((await t.request(`/api/documents/${doc.id}`, { method: "DELETE", token: bob })).status).toBe(404);
    const list = (await (await t.request("/api/documents", { token: ada })).json()) as { id: string }[];
    expect(list.map((d) => d.id)).toEqual([doc.id]);
    expect(await (await t.request("/api/documents", { token: bob })).json()).toEqual([]);

    expect((await t.request(`/api/documents/${doc.id}`, { method: "DELETE", token: ada })).status).toBe(204);
    expect((await askTessa(ada)).text).not.toContain("Bluefin");
  });

  it("refuses blank, oversized or malformed documents", async () => {
    for (const json of [
      { title: "", content: "x" },
      { title: "T", content: "   " },
      { title: "T" },
      { title: "T", content: "x", extra: 1 },
    ]) {
      expect(
        (await t.request("/api/documents", { method: "POST", token: ada, json })).status,
        JSON.stringify(json),
      ).toBe(400);
    }
    expect(
      (await t.request("/api/documents", { method: "POST", json: { title: "T", content: "x" } })).status,
    ).toBe(401);
  });
});

describe("splitPassages", () => {
  it("keeps paragraphs together and cuts long text near the size", () => {
    expect(splitPassages("One.\n\nTwo.")).toEqual(["One.\n\nTwo."]);
    const long = Array.from({ length: 50 }, (_, i) => `Sentence number ${i} is here.`).join(" ");
    const parts = splitPassages(long, 200);
    expect(parts.length).toBeGreaterThan(5);
    for (const p of parts) expect(p.length).toBeLessThanOrEqual(200);
    expect(parts.join(" ").replace(/\s+/g, " ")).toBe(long);
  });
});

describe("a document that opens with a markdown heading", () => {
  it("is still quoted by Tessera Local (the heading stays a line of its own)", async () => {
    const res = await t.request("/api/documents", {
      method: "POST",
      token: bob,
      json: {
        title: "Kestrel notes",
        content: "# Kestrel project\n\nThe Kestrel project codename is TANHERON.",
      },
    });
    expect(res.status).toBe(201);
    const events = await readSse(
      await t.request("/api/chat-stream", {
        method: "POST",
        token: bob,
        json: { message: "What is the Kestrel project codename?", model: "tessera-local" },
      }),
    );
    const text = events
      .filter((e) => e.type === "chunk")
      .map((e) => e.content as string)
      .join("");
    expect(text).toContain("TANHERON");
  });
});
