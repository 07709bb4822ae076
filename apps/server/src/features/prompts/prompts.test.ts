import type { PromptTemplate } from "@tessera/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/test-app";

let t: TestApp;
let ada: string;
let bob: string;
beforeAll(async () => {
  t = await createTestApp();
  ada = await t.newUser("ada@example.com");
  bob = await t.newUser("bob@example.com");
});
afterAll(() => t.close());

const list = async (token: string, query = "") =>
  (await (await t.request(`/api/prompts${query}`, { token })).json()) as PromptTemplate[];
const create = async (token: string, json: Record<string, unknown>) =>
  t.request("/api/prompts", { method: "POST", token, json });

describe("/api/prompts", () => {
  it("offers the six built-in prompts with their usage counts, most used first", async () => {
    const all = await list(ada);
    expect(all.map((p) => [p.title, p.usageCount])).toEqual([
      ["Email Writer", 1250],
      ["Code Reviewer", 890],
      ["Blog Post Outline", 675],
      ["Data Analysis", 445],
      ["Creative Story", 320],
      ["Learning Plan", 280],
    ]);
    expect(all.every((p) => p.isSystem && !p.isOwned)).toBe(true);
    // The app shows a built-in prompt's texts in the reader's language by this key.
    expect(all.map((p) => p.builtIn)).toEqual([
      "email-writer",
      "code-reviewer",
      "blog-post-outline",
      "data-analysis",
      "creative-story",
      "learning-plan",
    ]);
    expect((await list(ada, "?category=coding")).map((p) => p.title)).toEqual(["Code Reviewer"]);
    expect((await list(ada, "?q=blog")).map((p) => p.title)).toEqual(["Blog Post Outline"]);
    expect((await t.request("/api/prompts?category=cooking", { token: ada })).status).toBe(400);
  });

  it("keeps private prompts to their owner; public ones are seen by all and changed only by the owner", async () => {
    const secret = (await (
      await create(ada, {
        title: "My secret",
        content: "Summarise {{text}}",
        category: "writing",
        tags: ["a", "b", "c"],
      })
    ).json()) as PromptTemplate;
    const shared = (await (
      await create(ada, {
        title: "Shared helper",
        content: "Explain {{concept}} simply",
        category: "education",
        isPublic: true,
      })
    ).json()) as PromptTemplate;
    expect(secret).toMatchObject({
      isOwned: true,
      isPublic: false,
      usageCount: 0,
      tags: ["a", "b", "c"],
      builtIn: null,
    });

    const bobs = await list(bob);
    expect(bobs.some((p) => p.id === secret.id)).toBe(false);
    expect(bobs.find((p) => p.id === shared.id)).toMatchObject({ isOwned: false, isPublic: true });

    expect((await t.request(`/api/prompts/${secret.id}`, { token: bob })).status).toBe(404);
    expect(
      (await t.request(`/api/prompts/${secret.id}`, { method: "PATCH", token: bob, json: { title: "Mine" } }))
        .status,
    ).toBe(404);
    expect(
      (await t.request(`/api/prompts/${shared.id}`, { method: "PATCH", token: bob, json: { title: "Mine" } }))
        .status,
    ).toBe(403);
    expect((await t.request(`/api/prompts/${shared.id}`, { method: "DELETE", token: bob })).status).toBe(403);
    const builtIn = (await list(bob))[0]!;
    expect((await t.request(`/api/prompts/${builtIn.id}`, { method: "DELETE", token: bob })).status).toBe(
      403,
    );

    const edited = await t.request(`/api/prompts/${shared.id}`, {
      method: "PATCH",
      token: ada,
      json: { title: "Shared explainer" },
    });
    expect(await edited.json()).toMatchObject({
      title: "Shared explainer",
      content: "Explain {{concept}} simply",
    });
    expect((await t.request(`/api/prompts/${secret.id}`, { method: "DELETE", token: ada })).status).toBe(204);
    expect((await t.request(`/api/prompts/${secret.id}`, { token: ada })).status).toBe(404);
  });

  it("counts uses on the server for any visible prompt", async () => {
    const builtIn = (await list(bob)).find((p) => p.title === "Learning Plan")!;
    const used = (await (
      await t.request(`/api/prompts/${builtIn.id}/use`, { method: "POST", token: bob })
    ).json()) as PromptTemplate;
    expect(used.usageCount).toBe(281);
    const privateOne = (await (
      await create(ada, { title: "Private", content: "x", category: "creative" })
    ).json()) as PromptTemplate;
    expect(
      (await t.request(`/api/prompts/${privateOne.id}/use`, { method: "POST", token: bob })).status,
    ).toBe(404);
  });

  it("refuses bad prompts with the reason", async () => {
    for (const json of [
      {},
      { title: "", content: "x", category: "writing" },
      { title: "T", content: "x", category: "cooking" },
      { title: "T", content: "x", category: "writing", tags: "one" },
      { title: "T", content: "x", category: "writing", owner: "me" },
    ]) {
      const res = await create(ada, json);
      expect(res.status, JSON.stringify(json)).toBe(400);
    }
    expect(
      (
        await t.request("/api/prompts", {
          method: "POST",
          json: { title: "T", content: "x", category: "writing" },
        })
      ).status,
    ).toBe(401);
  });

  it("says in plain words how long a field may be; a schema's own words still come first", async () => {
    const reason = async (json: Record<string, unknown>) => {
      const res = await create(ada, { title: "T", content: "x", category: "writing", ...json });
      expect(res.status).toBe(400);
      return ((await res.json()) as { error: { message: string } }).error.message;
    };
    expect(await reason({ content: "x".repeat(10_001) })).toBe("content: must be at most 10,000 characters");
    expect(await reason({ tags: Array.from({ length: 11 }, (_, i) => `t${i}`) })).toBe(
      "tags: must have at most 10 items",
    );
    expect(await reason({ tags: ["   "] })).toBe("tags.0: must not be empty");
    expect(await reason({ title: " " })).toBe("title: must not be blank");
  });
});
