import type { Assistant } from "@tessera/contracts";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { apiError, json, type StubRequest } from "@/testing/fetch-stub";
import { assistant, builtIns, card, openAssistants, savedDocument } from "./assistants-test-steps";

const dialog = () => screen.getByRole("dialog");
const field = (name: string | RegExp) => within(dialog()).getByLabelText(name);

type User = Awaited<ReturnType<typeof openAssistants>>["user"];
/** Replaces a field's text in one go (typing key by key re-renders the whole form each time). */
async function fill(user: User, name: string, text: string) {
  await user.clear(field(name));
  await user.click(field(name));
  await user.paste(text);
}

function created(request: StubRequest): Assistant {
  const body = request.body as Omit<Assistant, "id">;
  return assistant({ ...body, id: "a5515700-0000-4000-8000-00000000abcd" });
}

// A long form filled step by step: give it room on a busy machine.
describe("assistant form", { timeout: 15_000 }, () => {
  it("creates an assistant; the server's refusal shows in the form until it is fixed", async () => {
    let list = builtIns();
    let attempt = 0;
    const { user, server, router } = await openAssistants({
      "GET /api/assistants": () => json(list),
      "POST /api/assistants": (request) => {
        if (++attempt === 1)
          return apiError(400, "VALIDATION_FAILED", "settings.maxTokens: must be at most 32,000");
        const made = created(request);
        list = [...list, made];
        return json(made, { status: 201 });
      },
    });
    await user.click(screen.getByRole("button", { name: "New assistant" }));
    expect(await screen.findByRole("dialog", { name: "New assistant" })).toBeTruthy();
    await fill(user, "Name", "Pirate");
    await fill(user, "Description", "Talks like a pirate.");
    await user.click(within(dialog()).getByRole("button", { name: "Use 🧭 as avatar" }));
    await fill(user, "System prompt", "Talk like a pirate.");
    await fill(user, "Max tokens", "99999");
    fireEvent.change(field("Temperature"), { target: { value: "1.3" } });
    await fill(user, "Instructions", "End with Arr!");
    await user.click(within(dialog()).getByRole("button", { name: "Create assistant" }));

    expect((await within(dialog()).findByRole("alert")).textContent).toBe(
      "settings.maxTokens: must be at most 32,000",
    );
    expect(server.callsTo("POST /api/assistants")[0]?.body).toEqual({
      name: "Pirate",
      description: "Talks like a pirate.",
      avatar: "🧭",
      systemPrompt: "Talk like a pirate.",
      isPublic: false,
      settings: {
        model: "guide",
        temperature: 1.3,
        maxTokens: 99999,
        personality: "friendly",
        responseStyle: "conversational",
        language: "en",
      },
      knowledgeBase: { instructions: "End with Arr!", documents: [], collections: [], websites: [] },
    });

    await fill(user, "Max tokens", "500");
    await user.click(within(dialog()).getByLabelText("Public"));
    await user.click(within(dialog()).getByRole("button", { name: "Create assistant" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(await screen.findByText("Assistant created")).toBeTruthy();
    expect(server.callsTo("POST /api/assistants")[1]?.body).toMatchObject({
      isPublic: true,
      settings: { maxTokens: 500 },
    });
    // The new assistant is shown where it now lives.
    expect(router.state.location.search).toBe("?tab=mine");
    await waitFor(() =>
      expect(screen.getByRole("tab", { name: /Mine/ }).getAttribute("aria-selected")).toBe("true"),
    );
    expect(await screen.findByRole("article", { name: "Pirate" })).toBeTruthy();
  });

  it("gathers knowledge: a written document, an uploaded file, a saved one and a website", async () => {
    const handbook = savedDocument("Handbook.md", 5400);
    const docs = [handbook];
    let made = 0;
    const { user, server } = await openAssistants({
      "GET /api/documents": () => json(docs),
      "POST /api/documents": (request) => {
        const { title, content } = request.body as { title: string; content: string };
        const doc = {
          ...savedDocument(title, content.length),
          id: `d0c00000-0000-4000-8000-00000000000${++made}`,
        };
        docs.unshift(doc);
        return json(doc, { status: 201 });
      },
      "POST /api/documents/upload": async (request) => {
        const file = request.form?.get("file") as File;
        const doc = {
          ...savedDocument(file.name.replace(/\.md$/, ""), (await file.text()).length),
          id: `d0c00000-0000-4000-8000-00000000000${++made}`,
        };
        docs.unshift(doc);
        return json(doc, { status: 201 });
      },
      "POST /api/assistants": (request) => json(created(request), { status: 201 }),
    });
    await user.click(screen.getByRole("button", { name: "New assistant" }));
    await screen.findByRole("dialog");
    await fill(user, "Name", "Zephyr guide");
    await fill(user, "System prompt", "Answer about Zephyr.");

    await user.click(within(dialog()).getByRole("button", { name: "Write" }));
    await fill(user, "Document title", "Zephyr facts");
    await fill(user, "Document text", "The Zephyr project codename is BLUEHERON.");
    await user.click(within(dialog()).getByRole("button", { name: "Save document" }));
    const attached = await within(dialog()).findByRole("list", { name: "Attached documents" });
    expect(await within(attached).findByText("Zephyr facts")).toBeTruthy();
    expect(server.callsTo("POST /api/documents")[0]?.body).toEqual({
      title: "Zephyr facts",
      content: "The Zephyr project codename is BLUEHERON.",
    });

    const file = new File(["# Release notes\nShipped in May."], "notes.md", { type: "text/markdown" });
    await user.upload(within(dialog()).getByTestId("knowledge-file-input"), file);
    // The server reads the whole file and titles it from the file name.
    expect(await within(attached).findByText("notes")).toBeTruthy();
    const sent = server.callsTo("POST /api/documents/upload")[0]?.form?.get("file") as File;
    expect(await sent.text()).toBe("# Release notes\nShipped in May.");

    await user.click(within(dialog()).getByRole("combobox", { name: "Add a saved document" }));
    await user.click(await screen.findByRole("option", { name: /Handbook\.md/ }));
    expect(await within(attached).findByText("Handbook.md")).toBeTruthy();
    expect(within(attached).getByText("5,400 characters")).toBeTruthy();

    await user.click(within(attached).getByRole("button", { name: "Remove notes" }));
    expect(within(attached).queryByText("notes")).toBeNull();

    await user.click(within(dialog()).getByRole("button", { name: "Add website" }));
    await fill(user, "Website 1", "https://zephyr.example/docs");
    await user.click(within(dialog()).getByRole("button", { name: "Add website" }));

    await user.click(within(dialog()).getByRole("button", { name: "Create assistant" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(server.callsTo("POST /api/assistants")[0]?.body).toMatchObject({
      knowledgeBase: {
        documents: ["d0c00000-0000-4000-8000-000000000001", handbook.id],
        // The blank second row is not sent.
        websites: ["https://zephyr.example/docs"],
      },
    });
  });

  it("shows the server's reason when a document cannot be saved, and keeps the draft", async () => {
    const { user } = await openAssistants({
      "POST /api/documents": () => apiError(400, "VALIDATION_FAILED", "content: must not be blank"),
    });
    await user.click(screen.getByRole("button", { name: "New assistant" }));
    await screen.findByRole("dialog");
    await user.click(within(dialog()).getByRole("button", { name: "Write" }));
    await fill(user, "Document title", "Empty");
    await user.click(within(dialog()).getByRole("button", { name: "Save document" }));
    expect((await within(dialog()).findByRole("alert")).textContent).toBe("content: must not be blank");
    expect(field("Document title")).toHaveProperty("value", "Empty");
  });

  it("lists usable models to choose from and the others disabled with their reason", async () => {
    const { user, server } = await openAssistants({
      "POST /api/assistants": (request) => json(created(request), { status: 201 }),
    });
    await user.click(screen.getByRole("button", { name: "New assistant" }));
    await screen.findByRole("dialog");
    const model = field("Model");
    await waitFor(() => expect(model.textContent).toContain("Tessa"));
    await user.click(model);
    const gpt5 = (await screen.findAllByRole("option", { name: /^GPT-5/ }))[0]!;
    expect(gpt5.getAttribute("aria-disabled")).toBe("true");
    expect(gpt5.textContent).toContain("Not enabled on this server.");
    await user.click(screen.getByRole("option", { name: /^Tessera Local/ }));
    expect(model.textContent).toContain("Tessera Local");
    await fill(user, "Name", "Local");
    await fill(user, "System prompt", "Be brief.");
    await user.click(within(dialog()).getByRole("button", { name: "Create assistant" }));
    await waitFor(() => expect(server.callsTo("POST /api/assistants")).toHaveLength(1));
    expect(server.callsTo("POST /api/assistants")[0]?.body).toMatchObject({
      settings: { model: "tessera-local" },
    });
  });

  it("counts a long system prompt or instructions near their limits; saving over them shows which", async () => {
    const { user, server } = await openAssistants({ "GET /api/assistants": () => json(builtIns()) });
    await user.click(screen.getByRole("button", { name: "New assistant" }));
    expect(await screen.findByRole("dialog", { name: "New assistant" })).toBeTruthy();
    await fill(user, "Name", "Long-winded");
    await fill(user, "System prompt", "s".repeat(17_999));
    expect(within(dialog()).queryByText(/characters/)).toBeNull();
    await fill(user, "System prompt", "s".repeat(20_001));
    const warning = within(dialog()).getByText(
      "Too long to save: 20,001 of 20,000 characters. Shorten it to save it.",
    );
    const prompt = field("System prompt");
    expect(prompt.getAttribute("aria-invalid")).toBe("true");
    expect(prompt.getAttribute("aria-describedby")?.split(" ")).toContain(warning.id);
    // Saving sends nothing: the first field over its limit takes the focus.
    const create = within(dialog()).getByRole("button", { name: "Create assistant" });
    await fill(user, "Instructions", "i".repeat(10_001));
    expect(
      within(dialog()).getByText("Too long to save: 10,001 of 10,000 characters. Shorten it to save it."),
    ).toBeTruthy();
    expect(field("Instructions").getAttribute("aria-invalid")).toBe("true");
    await user.click(create);
    expect(document.activeElement).toBe(prompt);

    await fill(user, "System prompt", "s".repeat(20_000));
    expect(within(dialog()).getByText("20,000 / 20,000 characters")).toBeTruthy();
    expect(prompt.getAttribute("aria-invalid")).toBeNull();
    await user.click(create);
    expect(document.activeElement).toBe(field("Instructions"));
    expect(server.callsTo("POST /api/assistants")).toHaveLength(0);
  });

  it("edits one's own assistant with its saved values filled in", async () => {
    const notes = savedDocument("Ship manual", 300);
    const pirate = assistant({
      name: "Pirate",
      isPublic: true,
      knowledgeBase: {
        documents: [notes.id],
        collections: [],
        websites: ["https://sea.example"],
        instructions: "Arr.",
      },
    });
    let list = [...builtIns(), pirate];
    const { user, server } = await openAssistants(
      {
        "GET /api/assistants": () => json(list),
        "GET /api/documents": () => json([notes]),
        [`PATCH /api/assistants/${pirate.id}`]: (request) => {
          const changed = { ...pirate, ...(request.body as Partial<Assistant>) };
          list = list.map((a) => (a.id === pirate.id ? changed : a));
          return json(changed);
        },
      },
      "/dashboard/assistants?tab=mine",
    );
    await user.click(within(card("Pirate")).getByRole("button", { name: "Edit Pirate" }));
    expect(await screen.findByRole("dialog", { name: "Edit Pirate" })).toBeTruthy();
    expect(field("Name")).toHaveProperty("value", "Pirate");
    expect(field("System prompt")).toHaveProperty("value", "Talk like a pirate.");
    expect(field("Instructions")).toHaveProperty("value", "Arr.");
    expect(field("Max tokens")).toHaveProperty("value", "800");
    expect(field("Temperature")).toHaveProperty("value", "0.4");
    expect(field("Model").textContent).toContain("Tessera Local");
    expect(field("Personality").textContent).toBe("Creative");
    expect(field("Response style").textContent).toBe("Concise");
    expect(field("Public")).toHaveProperty("checked", true);
    expect(field("Website 1")).toHaveProperty("value", "https://sea.example");
    const attached = within(dialog()).getByRole("list", { name: "Attached documents" });
    expect(await within(attached).findByText("Ship manual")).toBeTruthy();

    await fill(user, "Name", "Captain");
    await user.click(within(dialog()).getByRole("button", { name: "Save changes" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(await screen.findByText("Assistant saved")).toBeTruthy();
    expect(server.callsTo(`PATCH /api/assistants/${pirate.id}`)[0]?.body).toMatchObject({
      name: "Captain",
      systemPrompt: "Talk like a pirate.",
      isPublic: true,
      knowledgeBase: {
        documents: [notes.id],
        collections: [],
        websites: ["https://sea.example"],
        instructions: "Arr.",
      },
    });
    expect(await screen.findByRole("article", { name: "Captain" })).toBeTruthy();
  });
});
