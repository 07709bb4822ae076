// Every route the app mounts has a declared authorisation rule (route-rules.ts), every rule names a
// mounted route, and every route that needs a session refuses a caller without a live one.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../app";
import { OPERATIONS, operationRule } from "../features/openapi/api-document";
import { mountedRoutes, needsSession, ROUTE_AUTH, undeclaredRoutes } from "../route-rules";
import { scratchDirs } from "./scratch-dirs";
import { createTestApp, ORIGIN, type TestApp } from "./test-app";

const scratch = scratchDirs("tessera-web-");

let t: TestApp;
/** The app as production runs it: with the built web app mounted too. */
let full: ReturnType<typeof createApp>;

beforeAll(async () => {
  t = await createTestApp();
  const webDist = scratch();
  writeFileSync(join(webDist, "index.html"), "<!doctype html><title>Tessera</title>");
  full = createApp(t.services, { webDist });
});
afterAll(() => t.close());

/** A concrete address for a route pattern: ids become a random uuid, wildcards a plain segment. */
const concrete = (path: string) => path.replace(/:\w+/g, crypto.randomUUID()).replace(/\*$/, "x/y.png");

describe("route inventory", () => {
  it("declares an authorisation rule for every mounted route", () => {
    expect(undeclaredRoutes(full), "mounted routes missing from ROUTE_AUTH in route-rules.ts").toEqual([]);
    expect(undeclaredRoutes(t.app)).toEqual([]);
  });

  it("declares no rule for a route that is not mounted", () => {
    const mounted = new Set(mountedRoutes(full));
    const stale = Object.keys(ROUTE_AUTH).filter((key) => !mounted.has(key));
    expect(stale, "rules in route-rules.ts for routes nothing mounts").toEqual([]);
  });

  it("notices a route mounted without a rule", () => {
    const extra = new Hono().get("/api/undeclared/:id", (c) => c.text("x"));
    extra.route(
      "/api/prompts",
      new Hono().get("/", (c) => c.text("declared")),
    );
    expect(undeclaredRoutes(extra)).toEqual(["GET /api/undeclared/:id"]);
  });

  it("documents only mounted routes, each with its rule", () => {
    const mounted = new Set(mountedRoutes(full));
    for (const op of OPERATIONS) {
      const rule = operationRule(op);
      if (rule === "better-auth") continue;
      expect(mounted.has(`${op.method.toUpperCase()} ${op.path.replace(/\{(\w+)\}/g, ":$1")}`), op.path).toBe(
        true,
      );
    }
  });

  it("publishes each operation's rule in the OpenAPI document", async () => {
    const doc = (await (await t.request("/api/openapi.json")).json()) as {
      paths: Record<string, Record<string, { "x-authorization"?: string; security?: unknown }>>;
    };
    const admin = doc.paths["/api/admin/usage"]!.get!;
    expect(admin["x-authorization"]).toBe("an administrator of this instance");
    expect(admin.security).toEqual([{ bearer: [] }]);
    expect(doc.paths["/api/health"]!.get!.security).toBeUndefined();
    expect(doc.paths["/api/teams/{teamId}/members/{userId}"]!.patch!["x-authorization"]).toBe(
      "an owner of the team",
    );
  });
});

describe("every route that needs a session", () => {
  const guarded = Object.entries(ROUTE_AUTH).filter(([, rule]) => needsSession(rule));

  it.each([
    ["no Authorization header", undefined],
    ["a bearer token nobody was given", `Bearer ${"x".repeat(32)}`],
    ["a malformed Authorization header", "Basic dXNlcjpwYXNz"],
  ])("answers 401 with the error shape to %s", async (_label, authorization) => {
    expect(guarded.length).toBeGreaterThan(60);
    const wrong: string[] = [];
    for (const [key] of guarded) {
      const [method, path] = key.split(" ") as [string, string];
      const res = await full.request(concrete(path), {
        method,
        headers: {
          origin: ORIGIN,
          "content-type": "application/json",
          ...(authorization ? { authorization } : {}),
        },
        body: method === "GET" ? undefined : "{}",
      });
      const body = (await res.json().catch(() => null)) as { error?: { code?: string } } | null;
      if (res.status !== 401 || body?.error?.code !== "UNAUTHORIZED") wrong.push(`${key} → ${res.status}`);
    }
    expect(wrong).toEqual([]);
  });

  it("leaves public routes open", async () => {
    for (const [key, rule] of Object.entries(ROUTE_AUTH)) {
      const [method, path] = key.split(" ") as [string, string];
      if (rule !== "public" || method !== "GET") continue;
      const res = await full.request(concrete(path), { headers: { origin: ORIGIN } });
      // Stored files and share links answer 404 for a key or token that holds nothing, an MCP sign-in's
      // callback 400 without its state; the rest answer.
      expect([200, 404, 400], key).toContain(res.status);
      expect(res.status === 400 ? path : "", key).toMatch(/^(\/api\/mcp\/oauth\/callback)?$/);
      expect(res.status === 404 ? path : "", key).toMatch(/^(\/files\/\*|\/api\/shared\/:token)?$/);
    }
  });
});
