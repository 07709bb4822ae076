import type { AdminCatalogue, Connection, ConnectionsResponse } from "@tessera/contracts";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeAll, describe, expect, it } from "vitest";
import { apiError, json, profileIn, stubFetch } from "@/testing/fetch-stub";
import { changeLanguage } from "@/lib/i18n";
import { preloadPage, PRELOAD_TIMEOUT_MS, renderApp } from "@/testing/render-app";
import { sessionBody, storeSession, testUser } from "@/testing/session";

const admin = { ...testUser, role: "admin" };

const lab: Connection = {
  id: "0b7c6a52-3f0e-4c59-9a3b-1d9f0c2a7e11",
  kind: "openai-compatible",
  name: "Lab server",
  baseUrl: "http://127.0.0.1:11434/v1",
  enabled: true,
  options: {},
  key: { state: "stored", last4: "abcd" },
  inUse: true,
  note: "Used instead of the server's environment (OPENAI_BASE_URL).",
  createdAt: "2026-12-01T10:00:00.000Z",
  updatedAt: "2026-12-01T10:00:00.000Z",
};

const listing: ConnectionsResponse = {
  connections: [lab],
  environment: [
    {
      kind: "openrouter",
      name: "OpenRouter",
      baseUrl: null,
      variables: ["OPENROUTER_API_KEY"],
      keyLast4: "9f2e",
      overriddenBy: null,
    },
    {
      kind: "openai-compatible",
      name: "Model server at 127.0.0.1:11434",
      baseUrl: "http://127.0.0.1:11434/v1",
      variables: ["OPENAI_BASE_URL"],
      keyLast4: null,
      overriddenBy: lab.id,
    },
  ],
};

const catalogue: AdminCatalogue = {
  models: [
    {
      id: "guide",
      name: "Tessa",
      description: "Your guide.",
      group: "tessera",
      builtIn: true,
      enabled: true,
      vision: true,
      connectionId: null,
      upstream: null,
      servedBy: "OpenRouter (server environment)",
      fixed: true,
    },
    {
      id: "grok-4",
      name: "Grok 4",
      description: "xAI.",
      group: "industry",
      builtIn: true,
      enabled: true,
      vision: false,
      connectionId: null,
      upstream: null,
      servedBy: "OpenRouter (server environment)",
      fixed: false,
    },
  ],
};

function signedInAdmin(routes: Parameters<typeof stubFetch>[0] = {}) {
  storeSession({ user: admin });
  return stubFetch({
    "GET /api/auth/get-session": () => json(sessionBody("stored-token", admin)),
    "GET /api/admin/connections": () => json(listing),
    "GET /api/admin/models": () => json(catalogue),
    "POST /api/track-event": () => new Response(null, { status: 204 }),
    ...routes,
  });
}

describe("Admin → Connections", () => {
  // The page's code loads once, before the tests, rather than inside the first one's wait.
  beforeAll(() => preloadPage("/dashboard/admin/connections"), PRELOAD_TIMEOUT_MS);

  it("names the environment's generic connections in German, brands and hosts kept", async () => {
    await changeLanguage("de");
    try {
      const mail = {
        kind: "smtp",
        name: "Mail server",
        baseUrl: null,
        variables: ["SMTP_URL"],
        keyLast4: null,
        overriddenBy: null,
      } as const;
      const images = { ...mail, kind: "openai-images", name: "OpenAI images", variables: ["OPENAI_API_KEY"] };
      signedInAdmin({
        "GET /api/admin/connections": () =>
          json({ ...listing, environment: [...listing.environment, mail, images] }),
        "GET /api/profile": () => profileIn("de"),
      });
      renderApp("/dashboard/admin/connections");
      expect(await screen.findByRole("listitem", { name: "OpenRouter" })).toBeTruthy();
      expect(screen.getByRole("listitem", { name: "Modellserver unter 127.0.0.1:11434" })).toBeTruthy();
      expect(screen.getByRole("listitem", { name: "Mailserver" })).toBeTruthy();
      expect(screen.getByRole("listitem", { name: "OpenAI-Bilder" })).toBeTruthy();
    } finally {
      await changeLanguage("en");
    }
  });

  it("lists the page's connections and the environment's, read-only, and says which one wins", async () => {
    signedInAdmin();
    renderApp("/dashboard/admin/connections");
    const row = await screen.findByRole("listitem", { name: "Lab server" });
    expect(within(row).getByText("In use")).toBeTruthy();
    expect(within(row).getByText("Key ending in abcd")).toBeTruthy();
    expect(within(row).getByText("http://127.0.0.1:11434/v1")).toBeTruthy();

    const env = screen.getByRole("listitem", { name: "OpenRouter" });
    expect(within(env).getByText("Set by the server's environment")).toBeTruthy();
    expect(within(env).getByText("OPENROUTER_API_KEY")).toBeTruthy();
    expect(within(env).queryByRole("button")).toBeNull();
    const replaced = screen.getByRole("listitem", { name: "Model server at 127.0.0.1:11434" });
    expect(
      within(replaced).getByText("“Lab server” on this page is used instead: the page's connection wins."),
    ).toBeTruthy();

    // Nothing connected for search: its embedded default says what answers.
    expect(screen.getByText("Nothing connected: searches read the workspace's own index.")).toBeTruthy();
    const nav = screen.getByRole("navigation", { name: "Main" });
    expect(within(nav).getByRole("link", { name: "Connections" })).toBeTruthy();
  });

  it("tests a connection and shows what came back", async () => {
    const server = signedInAdmin({
      [`POST /api/admin/connections/${lab.id}/test`]: () =>
        json({
          ok: true,
          message: "It lists 12 models.",
          items: ["llama3.2:1b", "qwen2.5:7b"],
          total: 12,
          ms: 48,
        }),
    });
    renderApp("/dashboard/admin/connections");
    const row = await screen.findByRole("listitem", { name: "Lab server" });
    await userEvent.click(within(row).getByRole("button", { name: "Test" }));
    const result = await within(row).findByRole("status");
    expect(result.textContent).toContain("It works. It lists 12 models.");
    expect(within(result).getByText("llama3.2:1b")).toBeTruthy();
    expect(within(result).getByText("and 10 more")).toBeTruthy();
    expect(server.callsTo(`POST /api/admin/connections/${lab.id}/test`)).toHaveLength(1);
  });

  it("says a bare failure once, in the reader's language", async () => {
    await changeLanguage("de");
    try {
      signedInAdmin({
        "GET /api/profile": () => profileIn("de"),
        [`POST /api/admin/connections/${lab.id}/test`]: () =>
          json({ ok: false, message: "It failed.", items: [], total: null, ms: 12 }),
      });
      renderApp("/dashboard/admin/connections");
      const row = await screen.findByRole("listitem", { name: "Lab server" });
      await userEvent.click(within(row).getByRole("button", { name: "Testen" }));
      const result = await within(row).findByRole("status");
      expect(result.textContent?.replace(/\s*\(12 ms\)$/, "")).toBe("Fehlgeschlagen.");
    } finally {
      await changeLanguage("en");
    }
  });

  it("adds a connection: a failed test says why and can be saved untested", async () => {
    let attempts = 0;
    const server = signedInAdmin({
      "POST /api/admin/connections": (request) => {
        attempts++;
        const body = request.body as { verify: boolean };
        return body.verify
          ? apiError(
              400,
              "CONNECTION_FAILED",
              "Not saved: the test call failed. It answered 401: Invalid API key.",
            )
          : json(
              { ...lab, id: "5d1c0b1e-7a49-4a2f-8d8e-0f1b2c3d4e5f", kind: "anthropic", name: "Anthropic" },
              { status: 201 },
            );
      },
    });
    renderApp("/dashboard/admin/connections");
    await userEvent.click(await screen.findByRole("button", { name: "Add connection" }));
    const dialog = await screen.findByRole("dialog");
    await userEvent.click(within(dialog).getByLabelText("Service"));
    await userEvent.click(await screen.findByRole("option", { name: "Anthropic" }));
    expect(within(dialog).getByLabelText<HTMLInputElement>("Name").value).toBe("Anthropic");
    await userEvent.type(within(dialog).getByLabelText("API key"), "sk-ant-typed-key-1234");
    await userEvent.click(within(dialog).getByRole("button", { name: "Test and connect" }));
    const alert = await within(dialog).findByRole("alert");
    expect(alert.textContent).toContain("Not saved: the test call failed");
    expect(alert.textContent).toContain("It answered 401: Invalid API key.");
    await userEvent.click(within(dialog).getByRole("button", { name: "Save without testing" }));
    await screen.findByText("Connected: Anthropic");
    expect(attempts).toBe(2);
    expect(server.callsTo("POST /api/admin/connections").map((c) => c.body)).toEqual([
      { kind: "anthropic", name: "Anthropic", apiKey: "sk-ant-typed-key-1234", options: {}, verify: true },
      { kind: "anthropic", name: "Anthropic", apiKey: "sk-ant-typed-key-1234", options: {}, verify: false },
    ]);
  });

  it("switches a catalogue model off for everyone", async () => {
    const server = signedInAdmin({
      "PATCH /api/admin/models/grok-4": () => json({ ...catalogue.models[1], enabled: false }),
    });
    renderApp("/dashboard/admin/connections");
    const grok = await screen.findByRole("listitem", { name: "Grok 4" });
    expect(within(grok).getByText(/Through OpenRouter \(server environment\)/)).toBeTruthy();
    await userEvent.click(within(grok).getByRole("switch", { name: "Grok 4 offered" }));
    expect(server.callsTo("PATCH /api/admin/models/grok-4").map((c) => c.body)).toEqual([{ enabled: false }]);
    // Tessa is always on: no switch.
    const tessa = screen.getByRole("listitem", { name: "Tessa" });
    expect(within(tessa).queryByRole("switch")).toBeNull();
  });

  it("is closed to everyone else, and has no sidebar entry for them", async () => {
    storeSession();
    const server = stubFetch({ "GET /api/auth/get-session": () => json(sessionBody()) });
    renderApp("/dashboard/admin/connections");
    expect(
      await screen.findByText("Only administrators of this instance can manage connections."),
    ).toBeTruthy();
    const nav = screen.getByRole("navigation", { name: "Main" });
    expect(within(nav).queryByRole("link", { name: "Connections" })).toBeNull();
    expect(server.callsTo("GET /api/admin/connections")).toHaveLength(0);
  });
});
