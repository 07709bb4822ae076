import type { ConnectionsResponse, EmbeddingsStatus, HealthResponse } from "@tessera/contracts";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { json, stubFetch } from "@/testing/fetch-stub";
import { renderApp } from "@/testing/render-app";
import { sessionBody, storeSession, testUser } from "@/testing/session";

const admin = { ...testUser, role: "admin" };
const OLLAMA = "0b7c6a52-3f0e-4c59-9a3b-1d9f0c2a7e11";

const builtin: EmbeddingsStatus = {
  enabled: true,
  choice: { source: "builtin" },
  current: {
    id: "use-lite-512",
    source: "builtin",
    connectionName: null,
    model: "Universal Sentence Encoder lite",
    dims: 512,
    vectors: "exact",
  },
  building: null,
  vectors: "exact",
  connections: [{ id: OLLAMA, name: "Ollama", kind: "openai-compatible", enabled: true }],
};

const nomic = {
  id: `connection:${OLLAMA}:nomic-embed-text`,
  source: "connection" as const,
  connectionName: "Ollama",
  model: "nomic-embed-text",
  dims: 768,
  vectors: "exact" as const,
};

const health = (embeddings: HealthResponse["embeddings"]): HealthResponse => ({
  status: "ok",
  db: "pglite",
  rateLimits: "memory",
  vectors: "exact",
  embeddings,
  version: "1.0.0",
});

function signedInAdmin(routes: Parameters<typeof stubFetch>[0]) {
  storeSession({ user: admin });
  return stubFetch({
    "GET /api/auth/get-session": () => json(sessionBody("stored-token", admin)),
    "GET /api/admin/connections": () =>
      json({ connections: [], environment: [] } satisfies ConnectionsResponse),
    "GET /api/admin/models": () => json({ models: [] }),
    "POST /api/track-event": () => new Response(null, { status: 204 }),
    "GET /api/health": () => json(health("ok")),
    ...routes,
  });
}

const card = async () => {
  const title = await screen.findByText("Embedding model");
  return title.closest<HTMLElement>("[data-slot=card]") ?? document.body;
};

describe("Admin → Connections → Embedding model", () => {
  it("tests a connection's model, chooses it, and shows the re-embedding's progress", async () => {
    const server = signedInAdmin({
      "GET /api/admin/embeddings": () => json(builtin),
      "POST /api/admin/embeddings/test": () => json({ ok: true, dims: 768, ms: 41, error: null }),
      "PUT /api/admin/embeddings": (req) =>
        json({
          ...builtin,
          choice: req.body as EmbeddingsStatus["choice"],
          building: { ...nomic, state: "building", done: 1240, total: 5000, error: null },
        } satisfies EmbeddingsStatus),
    });
    renderApp("/dashboard/admin/connections");
    const el = await card();
    expect(await within(el).findByText("Universal Sentence Encoder lite (built in, offline)")).toBeTruthy();
    expect(within(el).getByText("512 dimensions")).toBeTruthy();
    expect(
      within(el).getByText(
        "pgvector is not installed on this database: nearest passages are found by exact similarity, which is slower on large collections.",
      ),
    ).toBeTruthy();
    // The built-in model is the one in use: nothing to choose yet.
    expect(within(el).getByRole<HTMLButtonElement>("button", { name: "Use this model" }).disabled).toBe(true);

    await userEvent.click(within(el).getByRole("radio", { name: /A connection's model/ }));
    await userEvent.type(within(el).getByLabelText("Model name"), "nomic-embed-text");
    await userEvent.click(within(el).getByRole("button", { name: "Test" }));
    expect((await within(el).findByRole("status")).textContent).toBe(
      "It answered a vector of 768 dimensions in 41 ms.",
    );
    expect(server.callsTo("POST /api/admin/embeddings/test")[0]!.body).toEqual({
      connectionId: OLLAMA,
      model: "nomic-embed-text",
    });

    await userEvent.click(within(el).getByRole("button", { name: "Use this model" }));
    await waitFor(() => expect(server.callsTo("PUT /api/admin/embeddings")).toHaveLength(1));
    expect(server.callsTo("PUT /api/admin/embeddings")[0]!.body).toEqual({
      source: "connection",
      connectionId: OLLAMA,
      model: "nomic-embed-text",
    });
    expect(await within(el).findByText("Re-embedding 1,240 of 5,000 chunks")).toBeTruthy();
    expect(within(el).getByText("Re-embedding with nomic-embed-text on Ollama")).toBeTruthy();
    expect(within(el).getByRole("progressbar").getAttribute("aria-valuenow")).toBe("25");
    // Search keeps the built-in model meanwhile.
    expect(within(el).getByText("Universal Sentence Encoder lite (built in, offline)")).toBeTruthy();
  });

  it("says why re-embedding stopped, that search kept the old set, and tries again", async () => {
    const failed: EmbeddingsStatus = {
      ...builtin,
      choice: { source: "connection", connectionId: OLLAMA, model: "nomic-embed-text" },
      building: {
        ...nomic,
        state: "failed",
        done: 64,
        total: 5000,
        error: "model runner crashed: out of memory",
      },
    };
    const server = signedInAdmin({
      "GET /api/admin/embeddings": () => json(failed),
      "PUT /api/admin/embeddings": () =>
        json({ ...failed, building: { ...failed.building!, state: "building", error: null } }),
    });
    renderApp("/dashboard/admin/connections");
    const el = await card();
    const alert = await within(el).findByRole("alert");
    expect(alert.textContent).toContain(
      "Re-embedding with nomic-embed-text on Ollama stopped: model runner crashed: out of memory",
    );
    expect(alert.textContent).toContain("Search keeps using the current model's vectors.");
    await userEvent.click(within(alert).getByRole("button", { name: "Try again" }));
    await waitFor(() => expect(server.callsTo("PUT /api/admin/embeddings")).toHaveLength(1));
    expect(server.callsTo("PUT /api/admin/embeddings")[0]!.body).toEqual(failed.choice);
    expect(await within(el).findByText("Re-embedding 64 of 5,000 chunks")).toBeTruthy();
  });

  it("shows the HNSW index where pgvector is, the index in memory on PGlite, and says when retrieval by meaning is off", async () => {
    signedInAdmin({
      "GET /api/admin/embeddings": () =>
        json({
          ...builtin,
          vectors: "pgvector",
          current: { ...nomic, vectors: "pgvector" },
          choice: { source: "connection", connectionId: OLLAMA, model: "nomic-embed-text" },
        }),
    });
    const view = renderApp("/dashboard/admin/connections");
    const el = await card();
    expect(
      await within(el).findByText("Nearest passages are found with pgvector's HNSW index."),
    ).toBeTruthy();
    expect(within(el).getByText("nomic-embed-text on Ollama")).toBeTruthy();
    expect(within(el).getByText("768 dimensions")).toBeTruthy();
    view.unmount();

    signedInAdmin({ "GET /api/admin/embeddings": () => json({ ...builtin, vectors: "memory" }) });
    const embedded = renderApp("/dashboard/admin/connections");
    expect(
      await within(await card()).findByText(
        "Nearest passages are found with an index held in the server's memory, built from the embedded database's vectors.",
      ),
    ).toBeTruthy();
    embedded.unmount();

    signedInAdmin({ "GET /api/admin/embeddings": () => json({ ...builtin, enabled: false, current: null }) });
    renderApp("/dashboard/admin/connections");
    expect(
      await screen.findByText(
        "Retrieval by meaning is off on this server (EMBEDDINGS=off): documents are found by their words only.",
      ),
    ).toBeTruthy();
  });

  it("says the model is failing while /api/health says it did not answer the last search", async () => {
    const note =
      "The model did not answer the last search: search finds passages by their words only until it answers again.";
    const server = signedInAdmin({
      "GET /api/admin/embeddings": () => json({ ...builtin, current: nomic }),
      "GET /api/health": () => json(health("failing")),
    });
    const view = renderApp("/dashboard/admin/connections");
    const el = await card();
    expect(await within(el).findByText("Failing")).toBeTruthy();
    expect(within(el).getByRole("alert").textContent).toBe(note);
    expect(within(el).getByText("nomic-embed-text on Ollama")).toBeTruthy();
    expect(server.callsTo("GET /api/health").length).toBeGreaterThan(0);
    view.unmount();

    const ok = signedInAdmin({ "GET /api/admin/embeddings": () => json({ ...builtin, current: nomic }) });
    renderApp("/dashboard/admin/connections");
    const healthy = await card();
    expect(await within(healthy).findByText("nomic-embed-text on Ollama")).toBeTruthy();
    await waitFor(() => expect(ok.callsTo("GET /api/health").length).toBeGreaterThan(0));
    expect(within(healthy).queryByText("Failing")).toBeNull();
    expect(within(healthy).queryByText(note)).toBeNull();
  });
});
