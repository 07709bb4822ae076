import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generatedImages, user } from "../../db/schema";
import { createTestApp, type TestApp } from "../../test/test-app";
import { builtinTools, toolDepsOf } from "../registry";
import type { ToolDefinition, ToolRunContext } from "../types";
import { currentTimeTool } from "./current-time";
import { readUrlTool } from "./read-url";

let t: TestApp;
let page: Server;
let pageOrigin: string;
let adaId: string;
let bobId: string;

const idOf = async (email: string) => {
  const [row] = await t.services.database.db.select({ id: user.id }).from(user).where(eq(user.email, email));
  return row!.id;
};
const ctx = (userId: string, signal = new AbortController().signal): ToolRunContext => ({
  db: t.services.database.db,
  logger: t.services.logger,
  userId,
  signal,
});
const tool = (name: string): ToolDefinition =>
  builtinTools(toolDepsOf(t.services)).find((x) => x.name === name)!;

beforeAll(async () => {
  t = await createTestApp();
  const ada = await t.newUser("ada@example.com");
  await t.newUser("bob@example.com");
  [adaId, bobId] = [await idOf("ada@example.com"), await idOf("bob@example.com")];
  const res = await t.request("/api/documents", {
    method: "POST",
    token: ada,
    json: {
      title: "Lighthouse keeping",
      content: "The Quillfeather lighthouse is painted teal every spring.",
    },
  });
  expect(res.status).toBe(201);
  page = createServer((req, res) => {
    if (req.url === "/big") {
      res.writeHead(200, { "content-type": "text/html" });
      return res.end("<p>" + "a".repeat(6 * 1024 * 1024) + "</p>");
    }
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    res.end(
      "<html><head><title>Tide tables</title></head><body><article><h1>Tide tables</h1><p>High water at Porthcawl is at 06:12 on Saturday, and the evening tide follows at 18:40 when the moon is full.</p><p>Low water follows six hours later each day.</p></article></body></html>",
    );
  });
  await new Promise<void>((resolve) => page.listen(0, "127.0.0.1", () => resolve()));
  pageOrigin = `http://127.0.0.1:${(page.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => page.close(resolve));
  await t.close();
});

describe("built-in tools", () => {
  it("are the five the issue names, with ids and names the model can use", () => {
    expect(
      builtinTools(toolDepsOf(t.services)).map((x) => [x.id, x.name, x.source, x.requireApproval]),
    ).toEqual([
      ["builtin:web_search", "web_search", "builtin", false],
      ["builtin:read_url", "read_url", "builtin", false],
      ["builtin:search_documents", "search_documents", "builtin", false],
      ["builtin:generate_image", "generate_image", "builtin", false],
      ["builtin:current_time", "current_time", "builtin", false],
    ]);
  });

  it("current_time tells the time in UTC and in a named zone, and refuses a zone it does not know", async () => {
    const clock = currentTimeTool(() => new Date("2026-12-05T21:30:00Z"));
    expect(await clock.run({}, ctx(adaId))).toEqual({
      output: "UTC: 2026-12-05T21:30:00.000Z",
      isError: false,
    });
    const paris = await clock.run({ timeZone: "Europe/Paris" }, ctx(adaId));
    expect(paris.output).toContain("Europe/Paris: Saturday, 5 December 2026 at 22:30:00");
    expect(await clock.run({ timeZone: "Mars/Olympus" }, ctx(adaId))).toEqual({
      output: '"Mars/Olympus" is not a time zone this server knows.',
      isError: true,
    });
  });

  it("web_search falls back to the local index, which holds the person's own documents only", async () => {
    const mine = await tool("web_search").run({ query: "Quillfeather lighthouse" }, ctx(adaId));
    expect(mine.isError).toBe(false);
    expect(mine.output).toContain("Lighthouse keeping");
    const theirs = await tool("web_search").run({ query: "Quillfeather lighthouse" }, ctx(bobId));
    expect(theirs.output).not.toContain("Quillfeather");
    expect((await tool("web_search").run({ query: "" }, ctx(adaId))).isError).toBe(true);
  });

  it("search_documents finds a person's passages and not another's", async () => {
    const mine = await tool("search_documents").run(
      { query: "what colour is the lighthouse painted" },
      ctx(adaId),
    );
    expect(mine.output).toContain("The Quillfeather lighthouse is painted teal every spring.");
    const theirs = await tool("search_documents").run({ query: "Quillfeather" }, ctx(bobId));
    expect(theirs.output).not.toContain("Quillfeather");
  });

  it("read_url reads a page's text through the guarded client, within its caps", async () => {
    const open = readUrlTool({ allowPrivateFetch: true });
    const read = await open.run({ url: `${pageOrigin}/tides` }, ctx(adaId));
    expect(read.isError).toBe(false);
    expect(read.output).toMatch(/^Tide tables\n/);
    expect(read.output).toContain("High water at Porthcawl is at 06:12");
    expect(read.output).not.toContain("<p>");
    const big = await open.run({ url: `${pageOrigin}/big` }, ctx(adaId));
    expect(big).toEqual({
      output: `Could not read ${pageOrigin}/big: The file at that address is too large.`,
      isError: true,
    });
    // As the server runs by default: loopback is not reachable.
    const guarded = await readUrlTool({ allowPrivateFetch: false }).run(
      { url: `${pageOrigin}/tides` },
      ctx(adaId),
    );
    expect(guarded).toEqual({
      output: `Could not read ${pageOrigin}/tides: That address is not reachable from Tessera.`,
      isError: true,
    });
    expect((await open.run({ url: "file:///etc/passwd" }, ctx(adaId))).isError).toBe(true);
  });

  it("generate_image makes an image counted against the plan, and names its address", async () => {
    const made = await tool("generate_image").run(
      { prompt: "a teal lighthouse", aspect_ratio: "1:1" },
      ctx(adaId),
    );
    expect(made.isError).toBe(false);
    const url = /(http:\/\/localhost:3000\/files\/\S+)$/.exec(made.output)?.[1];
    expect(url).toBeDefined();
    const file = await t.app.request(new URL(url!).pathname);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toMatch(/^image\//);
    const rows = await t.services.database.db
      .select()
      .from(generatedImages)
      .where(eq(generatedImages.userId, adaId));
    expect(rows.map((r) => [r.prompt, r.status])).toEqual([["a teal lighthouse", "completed"]]);
    // Stop ends the wait at once.
    const stop = new AbortController();
    stop.abort();
    expect(await tool("generate_image").run({ prompt: "stopped" }, ctx(adaId, stop.signal))).toEqual({
      output: "Stopped before the image was ready; it will appear in AI Images.",
      isError: true,
    });
    // The month's allowance used up, the tool says so instead of making one more.
    await t.services.database.db.insert(generatedImages).values(
      Array.from({ length: 20 }, () => ({
        userId: adaId,
        prompt: "p",
        model: "m",
        aspectRatio: "1:1",
        status: "completed",
      })),
    );
    const refused = await tool("generate_image").run({ prompt: "one more" }, ctx(adaId));
    expect(refused.isError).toBe(true);
    expect(refused.output).toMatch(/^The image could not be made: You have used 22 of the \d+ images/);
  });
});
