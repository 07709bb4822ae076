// The configuration every provider runs on: the environment's providers, the page's connections, and
// which wins where both name one.
import { describe, expect, it } from "vitest";
import { parseEnv } from "../../env";
import { effectiveConfig } from "./effective-config";
import type { Stored, StoredConnection } from "./stored-connections";

const env = (vars: Record<string, string> = {}) => parseEnv({ DATA_DIR: "/tmp/unused", ...vars });

let n = 0;
function connection(c: Partial<StoredConnection> & Pick<StoredConnection, "kind">): StoredConnection {
  n++;
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`,
    name: `${c.kind} ${n}`,
    baseUrl: null,
    enabled: true,
    options: {},
    keyState: c.apiKey ? "stored" : "none",
    keyHint: null,
    createdAt: new Date(),
    updatedAt: new Date(),
    ...c,
  };
}
const stored = (...connections: StoredConnection[]): Stored => ({ connections, catalogue: [] });

describe("the effective configuration", () => {
  it("lists what the environment sets, with only the variables that are set", () => {
    const e = effectiveConfig(
      env({
        OPENROUTER_API_KEY: "sk-or-env-000011112222",
        OPENAI_BASE_URL: "http://127.0.0.1:11434/v1",
        SMTP_URL: "smtp://u:pw@mail:25",
      }),
      stored(),
    );
    expect(e.environment).toEqual([
      expect.objectContaining({
        kind: "openrouter",
        variables: ["OPENROUTER_API_KEY"],
        keyLast4: "2222",
        overriddenBy: null,
      }),
      expect.objectContaining({
        kind: "openai-compatible",
        variables: ["OPENAI_BASE_URL"],
        baseUrl: "http://127.0.0.1:11434/v1",
      }),
      expect.objectContaining({
        kind: "smtp",
        baseUrl: "smtp://u@mail:25",
        variables: ["SMTP_URL", "MAIL_FROM"],
      }),
    ]);
    expect(e.llm.endpoints?.map((x) => x.id)).toEqual(["openrouter", "openai-compatible"]);
    expect(e.smtp).toEqual({ url: "smtp://u:pw@mail:25", from: "Tessera <no-reply@tessera.local>" });
  });

  it("puts the page's connection in the environment's place, and says so on both", () => {
    const router = connection({ kind: "openrouter", apiKey: "sk-or-page" });
    const sameServer = connection({ kind: "openai-compatible", baseUrl: "http://127.0.0.1:11434/v1/" });
    const otherServer = connection({ kind: "openai-compatible", baseUrl: "http://10.0.0.5:8000/v1" });
    const e = effectiveConfig(
      env({ OPENROUTER_API_KEY: "sk-or-env", OPENAI_BASE_URL: "http://127.0.0.1:11434/v1" }),
      stored(router, sameServer, otherServer),
    );
    expect(e.llm.endpoints?.map((x) => x.id)).toEqual([router.id, sameServer.id, otherServer.id]);
    expect(e.environment.map((p) => p.overriddenBy)).toEqual([router.id, sameServer.id]);
    expect(e.usage.get(router.id)).toEqual({
      inUse: true,
      note: "Used instead of the server's environment (OPENROUTER_API_KEY).",
    });
    expect(e.usage.get(otherServer.id)).toEqual({ inUse: true, note: null });
  });

  it("leaves out what is switched off or whose key cannot be opened, and says why", () => {
    const off = connection({ kind: "anthropic", apiKey: "k", enabled: false });
    const unreadable = connection({ kind: "google", keyState: "unreadable" });
    const e = effectiveConfig(env(), stored(off, unreadable));
    expect(e.llm.endpoints).toEqual([]);
    expect(e.usage.get(off.id)).toEqual({ inUse: false, note: null });
    expect(e.usage.get(unreadable.id)?.note).toContain("ENCRYPTION_KEY");
  });

  it("lets one search service answer: the page's first, over any the environment sets", () => {
    const brave = connection({ kind: "brave", apiKey: "b" });
    const tavily = connection({ kind: "tavily", apiKey: "t" });
    const e = effectiveConfig(env({ SEARXNG_URL: "http://searx:8080" }), stored(brave, tavily));
    expect(e.search).toEqual({ timeoutMs: 10_000, brave: { apiKey: "b", baseURL: undefined } });
    expect(e.usage.get(tavily.id)).toMatchObject({ inUse: false });
    expect(e.environment[0]).toMatchObject({ kind: "searxng", overriddenBy: brave.id });
  });

  it("sends mail through the page's SMTP server, its password put back into the address", () => {
    const mail = connection({
      kind: "smtp",
      baseUrl: "smtp://tessera@mail.example.com:587",
      apiKey: "p@ss word",
      options: { from: "Lab <lab@example.com>" },
    });
    const e = effectiveConfig(env({ SMTP_URL: "smtp://env:pw@other:25" }), stored(mail));
    expect(e.smtp).toEqual({
      url: "smtp://tessera:p%40ss%20word@mail.example.com:587",
      from: "Lab <lab@example.com>",
    });
    expect(e.environment[0]).toMatchObject({ kind: "smtp", overriddenBy: mail.id });
  });
});
