import type { DocumentDetail, DocumentSummary } from "@tessera/contracts";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { apiError, json, stubFetch } from "@/testing/fetch-stub";
import { renderApp } from "@/testing/render-app";
import { sessionBody, storeSession } from "@/testing/session";

let n = 0;
const doc = (title: string, extra: Partial<DocumentSummary> = {}): DocumentSummary => ({
  id: `d0c00000-0000-4000-8000-${String(++n).padStart(12, "0")}`,
  title,
  characters: 1200,
  passages: 2,
  source_url: null,
  collection_id: null,
  created_at: "2026-01-03T10:00:00.000Z",
  ...extra,
});

async function openDocuments(routes: Parameters<typeof stubFetch>[0], path = "/dashboard/documents") {
  storeSession();
  const server = stubFetch({
    "GET /api/auth/get-session": () => json(sessionBody()),
    "GET /api/knowledge/collections": () => json([]),
    ...routes,
  });
  const user = userEvent.setup();
  renderApp(path);
  await screen.findAllByRole("heading", { level: 1 }, { timeout: 3000 });
  return { user, server };
}

describe("documents page", () => {
  it("lists documents with their size and origin, and adds written text", async () => {
    const docs = [doc("Team handbook", { characters: 12400, passages: 6 })];
    const { user, server } = await openDocuments({
      "GET /api/documents": () => json(docs),
      "POST /api/documents": (req) => {
        const body = req.body as { title: string; content: string };
        const made = doc(body.title, { characters: body.content.length, passages: 1 });
        docs.unshift(made);
        return json(made, { status: 201 });
      },
    });
    expect(document.title).toBe("Documents | Tessera");
    const list = await screen.findByRole("list", { name: "Documents" });
    const handbook = within(list).getByRole("listitem", { name: "Team handbook" });
    expect(within(handbook).getByText(/12,400 characters · 6 passages/)).toBeTruthy();
    expect(within(handbook).getByRole("link", { name: "Team handbook" }).getAttribute("href")).toBe(
      `/dashboard/documents/${docs[0]!.id}`,
    );

    // Blank fields are refused before anything is sent.
    await user.click(screen.getByRole("button", { name: "Save document" }));
    expect(screen.getByRole("alert").textContent).toContain("Give the document a title and some text.");
    expect(server.callsTo("POST /api/documents")).toHaveLength(0);

    await user.type(screen.getByLabelText("Title"), "Lighthouse notes");
    await user.type(screen.getByLabelText("Text"), "The lamp is lit at dusk.");
    await user.click(screen.getByRole("button", { name: "Save document" }));
    expect(await within(list).findByRole("listitem", { name: "Lighthouse notes" })).toBeTruthy();
    expect(server.callsTo("POST /api/documents")[0]?.body).toEqual({
      title: "Lighthouse notes",
      content: "The lamp is lit at dusk.",
    });
    expect(screen.getByLabelText<HTMLInputElement>("Title").value).toBe("");
  });

  it("uploads several files, and keeps going when one fails", async () => {
    const docs: DocumentSummary[] = [];
    const { user, server } = await openDocuments({
      "GET /api/documents": () => json(docs),
      "POST /api/documents/upload": (req) => {
        const file = req.form?.get("file") as File;
        if (file.name === "broken.pdf") return apiError(400, "BAD_REQUEST", "This PDF could not be read.");
        const made = doc(file.name.replace(/\.\w+$/, ""));
        docs.unshift(made);
        return json(made, { status: 201 });
      },
    });
    await screen.findByText("No documents yet");
    await user.click(screen.getByRole("tab", { name: /Upload/ }));
    await user.upload(screen.getByTestId("document-file-input"), [
      new File(["# Notes"], "notes.md", { type: "text/markdown" }),
      new File(["%PDF-garbage"], "broken.pdf", { type: "application/pdf" }),
      new File(["%PDF-1.4"], "guide.pdf", { type: "application/pdf" }),
    ]);
    const list = await screen.findByRole("list", { name: "Documents" });
    await waitFor(() =>
      expect(
        within(list)
          .getAllByRole("listitem")
          .map((li) => li.getAttribute("aria-label")),
      ).toEqual(["guide", "notes"]),
    );
    expect(server.callsTo("POST /api/documents/upload")).toHaveLength(3);
    expect(screen.getByRole("alert").textContent).toContain("broken.pdf: This PDF could not be read.");
  });

  it("adds a page from an address, and shows the server's reason when it cannot", async () => {
    const docs: DocumentSummary[] = [];
    let refuse = true;
    const { user, server } = await openDocuments({
      "GET /api/documents": () => json(docs),
      "POST /api/documents/from-url": (req) => {
        if (refuse) return apiError(400, "BAD_REQUEST", "That address is not reachable from Tessera.");
        const made = doc("Orchard pruning guide", { source_url: (req.body as { url: string }).url });
        docs.unshift(made);
        return json(made, { status: 201 });
      },
    });
    await screen.findByText("No documents yet");
    await user.click(screen.getByRole("tab", { name: /From URL/ }));
    await user.type(screen.getByLabelText("Address"), "http://10.0.0.1/admin");
    await user.click(screen.getByRole("button", { name: "Add page" }));
    expect((await screen.findByRole("alert")).textContent).toContain("not reachable from Tessera");
    // The address stays for correcting.
    expect(screen.getByLabelText<HTMLInputElement>("Address").value).toBe("http://10.0.0.1/admin");

    refuse = false;
    await user.clear(screen.getByLabelText("Address"));
    await user.type(screen.getByLabelText("Address"), "https://orchard.example/guide");
    await user.click(screen.getByRole("button", { name: "Add page" }));
    const item = await screen.findByRole("listitem", { name: "Orchard pruning guide" });
    expect(within(item).getByText(/orchard\.example/)).toBeTruthy();
    expect(server.callsTo("POST /api/documents/from-url")[1]?.body).toEqual({
      url: "https://orchard.example/guide",
    });
  });

  it("deletes a document after asking", async () => {
    const docs = [doc("Old notes")];
    const { user, server } = await openDocuments({
      "GET /api/documents": () => json(docs),
      [`DELETE /api/documents/${docs[0]!.id}`]: () => {
        docs.pop();
        return new Response(null, { status: 204 });
      },
    });
    await user.click(await screen.findByRole("button", { name: "Delete Old notes" }));
    await user.click(await screen.findByRole("button", { name: "Delete" }));
    expect(await screen.findByText("No documents yet")).toBeTruthy();
    expect(server.calls.filter((c) => c.method === "DELETE")).toHaveLength(1);
  });
});

describe("document page", () => {
  it("shows the text with its origin, and says so when the document is gone", async () => {
    const detail: DocumentDetail = {
      ...doc("Orchard pruning guide", { source_url: "https://orchard.example/guide" }),
      content: "# Pruning\n\nPrune in **late winter**.",
    };
    await openDocuments(
      {
        [`GET /api/documents/${detail.id}`]: () => json(detail),
      },
      `/dashboard/documents/${detail.id}`,
    );
    expect(await screen.findByRole("heading", { level: 1, name: "Orchard pruning guide" })).toBeTruthy();
    const text = screen.getByRole("article", { name: "Document text" });
    expect(within(text).getByRole("heading", { name: "Pruning" })).toBeTruthy();
    expect(within(text).getByText("late winter").tagName).toBe("STRONG");
    expect(screen.getByRole("link", { name: "https://orchard.example/guide" }).getAttribute("href")).toBe(
      "https://orchard.example/guide",
    );
  });

  it("answers a missing document with a not-found view", async () => {
    const id = "d0c00000-0000-4000-8000-999999999999";
    await openDocuments(
      { [`GET /api/documents/${id}`]: () => apiError(404, "NOT_FOUND", "Document not found.") },
      `/dashboard/documents/${id}`,
    );
    expect(await screen.findByRole("heading", { name: "Document not found" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Back to your documents" }).getAttribute("href")).toBe(
      "/dashboard/documents",
    );
  });
});
