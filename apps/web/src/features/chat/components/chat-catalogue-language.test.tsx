// The catalogue the server sends in English reads in the person's language: the model picker's
// groups, descriptions and reasons, and the Tools popover's built-in tools. What an operator added
// (a model of their own, an MCP server's tool) stays as its source wrote it.
import type { ModelsResponse, ToolSummary } from "@tessera/contracts";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { changeLanguage } from "@/lib/i18n";
import { json, profileIn, stubFetch } from "@/testing/fetch-stub";
import { keylessModelsBody } from "@/testing/models-body";
import { renderApp } from "@/testing/render-app";
import { sessionBody, storeSession, testUser } from "@/testing/session";
import { ToolsButton } from "./tools-button";

/** The keyless answer, plus a model an admin added to the Open Source group with its own words. */
const withAddedModel: ModelsResponse = {
  groups: keylessModelsBody.groups.map((g) =>
    g.id !== "open-source"
      ? g
      : {
          ...g,
          models: [
            ...g.models,
            {
              id: "house-llm",
              name: "House LLM",
              description: "Our fine-tune for support tickets.",
              vision: false,
              research: false,
              available: true,
              provider: "openai-compatible",
              unavailableReason: null,
              requiredPlan: null,
            },
          ],
        },
  ),
};

describe("the catalogue in the person's language", () => {
  it("the model picker shows groups, descriptions and why a model is off in German", async () => {
    await changeLanguage("de");
    storeSession();
    stubFetch({
      "GET /api/auth/get-session": () => json(sessionBody()),
      "GET /api/models": () => json(withAddedModel),
      "GET /api/conversations": () => json([]),
      "GET /api/profile": () => profileIn("de"),
    });
    const user = userEvent.setup();
    renderApp("/dashboard/chat?model=guide");
    // The first visit in German loads the chat's code and the German texts: slow on a busy machine.
    await screen.findByRole("textbox", { name: "Nachricht" }, { timeout: 20_000 });
    await user.click(screen.getByRole("button", { name: /^Modell wählen/ }));
    const dialog = await screen.findByRole("dialog", { name: "KI-Modell wählen" }, { timeout: 5_000 });
    expect(within(dialog).getByRole("heading", { name: /Branchenführer/ })).toBeTruthy();
    expect(within(dialog).queryByRole("heading", { name: /Industry Leaders/ })).toBeNull();
    const tessa = within(dialog).getByRole("button", { name: /^Tessa/ });
    expect(tessa.textContent).toContain(
      "Ihre Wegweiserin: kennt jedes Modell hier und wählt das passende für die Aufgabe.",
    );
    const gpt5 = within(dialog).getAllByRole("button", { name: /^GPT-5/ })[0]!;
    expect(gpt5.textContent).toContain("OpenAIs Spitzenmodell für schwieriges Denken und Code.");
    expect(gpt5.textContent).toContain("Auf diesem Server nicht aktiviert.");
    expect(gpt5.textContent).not.toContain("Not enabled");
    // An admin's own model keeps the words the admin gave it.
    const added = within(dialog).getByRole("button", { name: /^House LLM/ });
    expect(added.textContent).toContain("Our fine-tune for support tickets.");
  }, 40_000);

  it("the Tools popover describes the built-in tools in German and an MCP tool as its server does", async () => {
    await changeLanguage("de");
    storeSession({ user: testUser });
    const tools: ToolSummary[] = [
      {
        id: "builtin:web_search",
        name: "web_search",
        description:
          "Search the web for current information. Returns up to 10 results, each with a title, an address and a snippet.",
        source: "builtin",
        requireApproval: false,
      },
      {
        id: "mcp:11111111-1111-4111-8111-111111111111:lookup",
        name: "Wiki__lookup",
        description: "Finds a page in the team wiki.",
        source: "mcp",
        server: "Wiki",
        requireApproval: true,
      },
    ];
    stubFetch({ "GET /api/tools": () => json(tools), "GET /api/mcp/sign-ins": () => json([]) });
    const user = userEvent.setup();
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <ToolsButton selected={[]} onChange={() => undefined} canUseTools />
      </QueryClientProvider>,
    );
    await user.click(screen.getByRole("button", { name: "Werkzeuge" }));
    const search = await screen.findByRole("switch", { name: /web_search/ });
    expect(search.closest("li")?.textContent).toContain(
      "Sucht im Web nach aktuellen Informationen. Liefert bis zu 10 Treffer, jeweils mit Titel, Adresse und Auszug.",
    );
    const lookup = screen.getByRole("switch", { name: /lookup/ });
    expect(lookup.closest("li")?.textContent).toContain("Finds a page in the team wiki.");
  });
});
