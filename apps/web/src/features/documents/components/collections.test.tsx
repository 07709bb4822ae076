import type {
  CollectionDetail,
  CollectionSummary,
  DocumentChunk,
  DocumentDetail,
  DocumentSummary,
} from "@tessera/contracts";
import { JOB_FAILURE_MESSAGES } from "@tessera/contracts";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { changeLanguage } from "@/lib/i18n";
import { apiError, json, stubFetch } from "@/testing/fetch-stub";
import { renderApp } from "@/testing/render-app";
import { sessionBody, storeSession } from "@/testing/session";

const COLLECTION = "c0000000-0000-4000-8000-000000000001";
const TEAM = "team-1";
let n = 0;
const doc = (title: string, extra: Partial<DocumentSummary> = {}): DocumentSummary => ({
  id: `d0c00000-0000-4000-8000-${String(++n).padStart(12, "0")}`,
  title,
  characters: 900,
  passages: 1,
  source_url: null,
  collection_id: COLLECTION,
  created_at: "2026-01-03T10:00:00.000Z",
  index: { state: "ready", progress: 100, error: null },
  ...extra,
});
const collection = (extra: Partial<CollectionSummary> = {}): CollectionSummary => ({
  id: COLLECTION,
  name: "Field guides",
  description: "",
  team_id: null,
  documents: 0,
  created_at: "2026-01-03T10:00:00.000Z",
  updated_at: "2026-01-03T10:00:00.000Z",
  ...extra,
});
const team = {
  team: {
    company: { id: TEAM, name: "Acme", ownerId: "u1", slug: null, allowedDomains: null, domains: [] },
  },
};

async function open(routes: Parameters<typeof stubFetch>[0], path = "/dashboard/documents") {
  storeSession();
  const server = stubFetch({
    "GET /api/auth/get-session": () => json(sessionBody()),
    "GET /api/documents": () => json([]),
    ...routes,
  });
  const user = userEvent.setup();
  renderApp(path);
  await screen.findAllByRole("heading", { level: 1 }, { timeout: 10_000 });
  return { user, server };
}

describe("collections on the documents page", () => {
  it("creates a team collection and opens it", async () => {
    const collections: CollectionSummary[] = [];
    const { user, server } = await open({
      "GET /api/knowledge/collections": () => json(collections),
      "GET /api/teams/mine": () => json(team),
      "POST /api/knowledge/collections": (req) => {
        const body = req.body as { name: string; teamId?: string };
        const made = collection({ name: body.name, team_id: body.teamId ?? null });
        collections.push(made);
        return json(made, { status: 201 });
      },
      [`GET /api/knowledge/collections/${COLLECTION}`]: () => json({ ...collections[0]!, items: [] }),
    });
    await user.click(await screen.findByRole("button", { name: "New collection" }));
    const dialog = await screen.findByRole("dialog", { name: "New collection" });
    await user.click(within(dialog).getByRole("button", { name: "Create collection" }));
    expect(within(dialog).getByRole("alert").textContent).toContain("Give the collection a name.");
    await user.type(within(dialog).getByLabelText("Name"), "Field guides");
    await user.click(await within(dialog).findByLabelText("Everyone in Acme"));
    await user.click(within(dialog).getByRole("button", { name: "Create collection" }));
    expect(server.callsTo("POST /api/knowledge/collections")[0]?.body).toEqual({
      name: "Field guides",
      description: "",
      teamId: TEAM,
    });
    // The new collection is chosen: its name heads the list, and new documents go into it.
    expect((await screen.findByRole("heading", { name: /^Field guides/ })).textContent).toContain("Team");
    expect(await screen.findByText("This collection is empty")).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Add to Field guides" })).toBeTruthy();
  });

  it("adds text to the chosen collection and shows its indexing", async () => {
    const items: DocumentSummary[] = [];
    const { user, server } = await open(
      {
        "GET /api/knowledge/collections": () => json([collection()]),
        [`GET /api/knowledge/collections/${COLLECTION}`]: () =>
          json({ ...collection(), documents: items.length, items } satisfies CollectionDetail),
        [`POST /api/knowledge/collections/${COLLECTION}/documents`]: (req) => {
          const body = req.body as { title: string };
          const made = doc(body.title, { index: { state: "indexing", progress: 40, error: null } });
          items.unshift(made);
          return json(made, { status: 201 });
        },
      },
      `/dashboard/documents?collection=${COLLECTION}`,
    );
    await screen.findByText("This collection is empty");
    await user.type(screen.getByLabelText("Title"), "Birds of the coast");
    await user.type(screen.getByLabelText("Text"), "Terns nest on the shingle.");
    await user.click(screen.getByRole("button", { name: "Save document" }));
    const item = await screen.findByRole("listitem", { name: "Birds of the coast" });
    expect(within(item).getByRole("progressbar", { name: "Indexing 40%" })).toBeTruthy();
    expect(server.callsTo("POST /api/documents")).toHaveLength(0);
  });

  it("says why indexing failed in the reader's language, the server's own reasons worded again", async () => {
    const failed = doc("Scanned map", {
      index: { state: "failed", progress: 0, error: JOB_FAILURE_MESSAGES.indexFailed },
    });
    const summary = collection({ documents: 1 });
    await open(
      {
        "GET /api/knowledge/collections": () => json([summary]),
        [`GET /api/knowledge/collections/${COLLECTION}`]: () => json({ ...summary, items: [failed] }),
      },
      `/dashboard/documents?collection=${COLLECTION}`,
    );
    const list = await screen.findByRole("list", { name: "Documents" });
    expect(within(list).getByText(`Failed: ${JOB_FAILURE_MESSAGES.indexFailed}`)).toBeTruthy();
    await changeLanguage("de");
    try {
      expect(
        await within(list).findByText(
          /Dieses Dokument konnte nicht indexiert werden\. Versuchen Sie, es neu zu indexieren\.$/,
        ),
      ).toBeTruthy();
    } finally {
      await changeLanguage("en");
    }
  });

  it("shows ready and failed documents, re-indexes one, and renames and deletes the collection", async () => {
    const failed = doc("Scanned map", {
      index: { state: "failed", progress: 0, error: "The embedding model could not be loaded." },
    });
    const ready = doc("Tide tables");
    let summary = collection({ documents: 2 });
    const { user, server } = await open(
      {
        "GET /api/knowledge/collections": () => json([summary]),
        [`GET /api/knowledge/collections/${COLLECTION}`]: () => json({ ...summary, items: [failed, ready] }),
        [`POST /api/knowledge/collections/${COLLECTION}/documents/${failed.id}/reindex`]: () =>
          json({ ...failed, index: { state: "pending", progress: 0, error: null } }, { status: 202 }),
        [`PATCH /api/knowledge/collections/${COLLECTION}`]: (req) => {
          summary = { ...summary, ...(req.body as { name: string }) };
          return json(summary);
        },
        [`DELETE /api/knowledge/collections/${COLLECTION}`]: () => new Response(null, { status: 204 }),
      },
      `/dashboard/documents?collection=${COLLECTION}`,
    );
    const list = await screen.findByRole("list", { name: "Documents" });
    const map = within(list).getByRole("listitem", { name: "Scanned map" });
    expect(within(map).getByText("Failed: The embedding model could not be loaded.")).toBeTruthy();
    expect(
      within(within(list).getByRole("listitem", { name: "Tide tables" })).getByText("Ready"),
    ).toBeTruthy();
    await user.click(within(map).getByRole("button", { name: "Re-index Scanned map" }));
    await waitFor(() =>
      expect(
        server.callsTo(`POST /api/knowledge/collections/${COLLECTION}/documents/${failed.id}/reindex`),
      ).toHaveLength(1),
    );

    await user.click(screen.getByRole("button", { name: "Rename" }));
    const dialog = await screen.findByRole("dialog", { name: "Rename collection" });
    await user.clear(within(dialog).getByLabelText("Name"));
    await user.type(within(dialog).getByLabelText("Name"), "Coast guides");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(await screen.findByRole("heading", { name: /^Coast guides/ })).toBeTruthy();
    expect(server.callsTo(`PATCH /api/knowledge/collections/${COLLECTION}`)[0]?.body).toEqual({
      name: "Coast guides",
      description: "",
    });

    await user.click(screen.getByRole("button", { name: "Delete" }));
    const confirm = await screen.findByRole("alertdialog");
    expect(confirm.textContent).toContain("Coast guides and its 2 documents will be deleted.");
    await user.click(within(confirm).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(server.calls.filter((c) => c.method === "DELETE")).toHaveLength(1));
    expect(await screen.findByRole("heading", { name: /Your documents/ })).toBeTruthy();
  });
});

describe("a cited passage", () => {
  it("opens the document at the cited page with the passage marked", async () => {
    const detail: DocumentDetail = {
      ...doc("Lighthouse manual", { collection_id: null }),
      content:
        "Keep the brass polished.\f## Lamp\n\nThe lamp is lit at dusk and put out at dawn.\n\nLog every hour.",
    };
    const chunk: DocumentChunk = {
      id: "c4a00000-0000-4000-8000-000000000001",
      documentId: detail.id,
      page: 2,
      heading: "Lamp",
      content: "The lamp is lit at dusk and put out at dawn.",
      title: detail.title,
      before: "Keep the brass polished.",
      after: "Log every hour.",
    };
    await open(
      {
        [`GET /api/documents/${detail.id}`]: () => json(detail),
        [`GET /api/documents/${detail.id}/chunks/${chunk.id}`]: () => json(chunk),
      },
      `/dashboard/documents/${detail.id}?chunk=${chunk.id}&page=2`,
    );
    const page = await screen.findByRole("region", { name: "Page 2" });
    await waitFor(() =>
      expect(
        within(page)
          .getByText(/The lamp is lit at dusk/)
          .getAttribute("data-cited"),
      ).toBe("true"),
    );
    expect(within(page).getByText("Log every hour.").getAttribute("data-cited")).toBeNull();
    expect(screen.getByRole("region", { name: "Page 1" }).textContent).toContain("Keep the brass polished.");
  });
  it("shows someone reading through an assistant the cited passage alone, read-only", async () => {
    const id = "d0c00000-0000-4000-8000-00000000aaaa";
    const assistant = "a5500000-0000-4000-8000-000000000001";
    const chunk: DocumentChunk = {
      id: "c4a00000-0000-4000-8000-000000000002",
      documentId: id,
      page: 2,
      heading: "Lamp",
      content: "The lamp is lit at dusk and put out at dawn.",
      title: "Lighthouse manual",
      before: "Keep the brass polished.",
      after: "Log every hour.",
    };
    const { server } = await open(
      {
        [`GET /api/documents/${id}`]: () => apiError(404, "NOT_FOUND", "Document not found."),
        [`GET /api/documents/${id}/chunks/${chunk.id}`]: () => json(chunk),
      },
      `/dashboard/documents/${id}?chunk=${chunk.id}&page=2&assistant=${assistant}`,
    );
    expect(await screen.findByRole("heading", { level: 1, name: "Lighthouse manual" })).toBeTruthy();
    expect(server.callsTo(`GET /api/documents/${id}/chunks/${chunk.id}`)[0]?.query.get("assistantId")).toBe(
      assistant,
    );
    expect(screen.getByText(/Cited by an assistant you use/)).toBeTruthy();
    expect(screen.getByText("Cited passage · Lamp · Page 2")).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByText(/The lamp is lit at dusk/).getAttribute("data-cited")).toBe("true"),
    );
    expect(screen.getByText("Keep the brass polished.").getAttribute("data-cited")).toBeNull();
    expect(screen.getByText("Log every hour.")).toBeTruthy();
    // Read-only: nothing to delete.
    expect(screen.queryByRole("button", { name: "Delete" })).toBeNull();
  });
});
