import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("API reference", () => {
  it("serves an OpenAPI 3.1 document built from the contracts, without a session", async () => {
    const res = await t.request("/api/openapi.json");
    expect(res.status).toBe(200);
    const doc = (await res.json()) as {
      openapi: string;
      paths: Record<
        string,
        Record<
          string,
          { requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown> } }> } }
        >
      >;
    };
    expect(doc.openapi).toBe("3.1.0");
    const chat = doc.paths["/api/chat-stream"]!.post!;
    expect(Object.keys(chat.requestBody!.content["application/json"]!.schema.properties!)).toEqual(
      expect.arrayContaining(["message", "model", "conversationId", "images", "research", "deepCrawl"]),
    );
    expect(doc.paths["/api/conversations/{id}"]).toHaveProperty("delete");
  });

  it("lists every documented route on a page that runs no script", async () => {
    const res = await t.request("/api/docs");
    expect(res.status).toBe(200);
    const page = await res.text();
    expect(page).toContain("/api/chat-stream");
    expect(page).not.toContain("<script");
  });
});
