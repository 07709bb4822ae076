import { LOCAL_MODEL_CATALOGUE, type LocalModel, type LocalModelsResponse } from "@tessera/contracts";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { apiError, json, stubFetch } from "@/testing/fetch-stub";
import { renderApp } from "@/testing/render-app";
import { sessionBody, storeSession, testUser } from "@/testing/session";

const admin = { ...testUser, role: "admin" };

const model = (over: Partial<LocalModel>): LocalModel => ({
  id: "11111111-0000-4000-8000-000000000001",
  name: "qwen2.5-0.5b-instruct-q4_k_m",
  modelId: "gguf/qwen2.5-0.5b-instruct-q4_k_m",
  source: "catalogue",
  catalogueId: "qwen2.5-0.5b-instruct",
  url: "https://hub.test/Qwen/x/resolve/main/qwen2.5-0.5b-instruct-q4_k_m.gguf",
  file: "qwen2.5-0.5b-instruct-q4_k_m.gguf",
  status: "downloading",
  sizeBytes: 491_000_000,
  downloadedBytes: 122_750_000,
  bytesPerSecond: 3_000_000,
  secondsLeft: 123,
  sha256: null,
  checksumSource: "etag",
  error: null,
  resumable: false,
  details: null,
  memoryBytes: 750_000_000,
  loaded: false,
  createdAt: "2026-12-05T10:00:00.000Z",
  ...over,
});

const answer = (models: LocalModel[], files: LocalModelsResponse["files"] = []): LocalModelsResponse => ({
  models,
  files,
  hub: "https://hub.test",
  folder: "/srv/tessera/data/models",
  freeDiskBytes: 40_000_000_000,
  freeMemoryBytes: 6_000_000_000,
  runtime: { threads: 1, concurrency: 1, idleSeconds: 600, contextSize: 4096, gpu: "off" },
});

function openPage(routes: Parameters<typeof stubFetch>[0]) {
  storeSession({ user: admin });
  const server = stubFetch({
    "GET /api/auth/get-session": () => json(sessionBody("stored-token", admin)),
    "POST /api/track-event": () => new Response(null, { status: 204 }),
    ...routes,
  });
  renderApp("/dashboard/admin/local-models");
  return { server, user: userEvent.setup() };
}

describe("Admin → Local models", () => {
  it("shows a download's progress (bytes, speed, time left) as the server reports it, then the ready model", async () => {
    let reads = 0;
    const { server } = openPage({
      "GET /api/admin/local-models": () =>
        json(
          answer([
            reads++ === 0
              ? model({})
              : model({
                  status: "ready",
                  downloadedBytes: 491_000_000,
                  bytesPerSecond: null,
                  secondsLeft: null,
                  sha256: "ab".repeat(32),
                  details: {
                    architecture: "qwen2",
                    parameters: "0.5B",
                    contextLength: 32768,
                    chatTemplate: true,
                  },
                }),
          ]),
        ),
    });
    const bar = await screen.findByRole("progressbar", { name: "Downloading qwen2.5-0.5b-instruct-q4_k_m" });
    expect(bar.getAttribute("aria-valuenow")).toBe("25");
    expect(screen.getByText("123 MB of 491 MB (25%) · 3 MB/s · 2 min 3 s left")).toBeTruthy();
    // The page reads again while something downloads: the server keeps the progress.
    expect(await screen.findByText("Ready", {}, { timeout: 3000 })).toBeTruthy();
    expect(screen.queryByRole("progressbar")).toBeNull();
    expect(screen.getByText("SHA-256 checked against the one the server sent with the file.")).toBeTruthy();
    expect(screen.getByText(/needs about 750 MB of memory to run · qwen2 · 0.5B/)).toBeTruthy();
    expect(server.callsTo("GET /api/admin/local-models").length).toBeGreaterThanOrEqual(2);
    const nav = screen.getByRole("navigation", { name: "Main" });
    expect(within(nav).getByRole("link", { name: "Local models" })).toBeTruthy();
  });

  it("offers the curated models with licence, size, memory and speed, and downloads one", async () => {
    let added = false;
    const { server, user } = openPage({
      "GET /api/admin/local-models": () => json(answer(added ? [model({})] : [])),
      "POST /api/admin/local-models": () => {
        added = true;
        return json(model({}), { status: 201 });
      },
    });
    expect(
      await screen.findByText(
        "No local models yet. Download one below, or add a file you put on the server.",
      ),
    ).toBeTruthy();
    const catalogue = screen.getByRole("region", { name: "Download a model" });
    expect(within(catalogue).getAllByRole("listitem")).toHaveLength(LOCAL_MODEL_CATALOGUE.length);
    expect(within(catalogue).getByText("Phi-3.5 mini Instruct")).toBeTruthy();
    expect(within(catalogue).getAllByText("MIT").length).toBeGreaterThan(0);
    await user.click(within(catalogue).getByRole("button", { name: "Download Qwen2.5 0.5B Instruct" }));
    await waitFor(() =>
      expect(server.callsTo("POST /api/admin/local-models").map((c) => c.body)).toEqual([
        { catalogueId: "qwen2.5-0.5b-instruct" },
      ]),
    );
    expect(await screen.findByRole("progressbar")).toBeTruthy();
    expect(within(catalogue).getByRole("button", { name: "Qwen2.5 0.5B Instruct is added" })).toHaveProperty(
      "disabled",
      true,
    );
  });

  it("adds a model by its address, and shows why the server refused one", async () => {
    const { server, user } = openPage({
      "GET /api/admin/local-models": () => json(answer([])),
      "POST /api/admin/local-models": () =>
        apiError(400, "BAD_REQUEST", "That address answers with a web page, not a GGUF model file."),
    });
    await user.type(await screen.findByLabelText("File address"), "https://files.test/page.html");
    await user.click(screen.getByRole("button", { name: "Add model" }));
    expect(
      await screen.findByText("That address answers with a web page, not a GGUF model file."),
    ).toBeTruthy();
    expect(server.callsTo("POST /api/admin/local-models").map((c) => c.body)).toEqual([
      { url: "https://files.test/page.html" },
    ]);
    await user.type(screen.getByLabelText("SHA-256 (optional)"), "not-a-checksum");
    await user.click(screen.getByRole("button", { name: "Add model" }));
    expect(await screen.findByText("The SHA-256 must be 64 hexadecimal characters.")).toBeTruthy();
    expect(server.callsTo("POST /api/admin/local-models")).toHaveLength(1);
  });

  it("adds a file already on the server, and shows a failed download's reason with Resume", async () => {
    const failed = model({
      status: "failed",
      error: "The download stopped at 25%: The address stopped sending the file. Retry goes on from there.",
      resumable: true,
      bytesPerSecond: null,
      secondsLeft: null,
    });
    const { server, user } = openPage({
      "GET /api/admin/local-models": () =>
        json(answer([failed], [{ path: "mine/phi.gguf", sizeBytes: 2_390_000_000 }])),
      "POST /api/admin/local-models": () => json(model({ status: "ready", source: "file" }), { status: 201 }),
      [`POST /api/admin/local-models/${failed.id}/retry`]: () => json(model({})),
    });
    expect(await screen.findByRole("alert")).toHaveProperty("textContent", failed.error);
    await user.click(screen.getByRole("button", { name: "Resume" }));
    await waitFor(() =>
      expect(server.callsTo(`POST /api/admin/local-models/${failed.id}/retry`)).toHaveLength(1),
    );
    expect(screen.getByText("/srv/tessera/data/models")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Add mine/phi.gguf" }));
    await waitFor(() =>
      expect(server.callsTo("POST /api/admin/local-models").map((c) => c.body)).toEqual([
        { path: "mine/phi.gguf" },
      ]),
    );
  });

  it("is closed to everyone else, and has no sidebar entry for them", async () => {
    storeSession();
    const server = stubFetch({ "GET /api/auth/get-session": () => json(sessionBody()) });
    renderApp("/dashboard/admin/local-models");
    expect(
      await screen.findByText("Only administrators of this instance can manage local models."),
    ).toBeTruthy();
    const nav = screen.getByRole("navigation", { name: "Main" });
    expect(within(nav).queryByRole("link", { name: "Local models" })).toBeNull();
    expect(server.callsTo("GET /api/admin/local-models")).toHaveLength(0);
  });
});
