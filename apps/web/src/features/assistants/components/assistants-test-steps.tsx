// Shared steps of the assistants tests: real-shaped assistants, documents and models, and a signed-in
// visit to /dashboard/assistants.
import type { Assistant, DocumentSummary } from "@tessera/contracts";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { expect } from "vitest";
import { json, stubFetch } from "@/testing/fetch-stub";
import { keylessModelsBody } from "@/testing/models-body";
import { renderApp } from "@/testing/render-app";
import { sessionBody, storeSession } from "@/testing/session";

/** GET /api/models as a server without provider keys answers it. */
export const modelsBody = keylessModelsBody;

let serial = 0;
const uuid = () => `a5515700-0000-4000-8000-${String(++serial).padStart(12, "0")}`;

export function assistant(overrides: Partial<Assistant> = {}): Assistant {
  return {
    id: uuid(),
    name: "Pirate",
    description: "Talks like a pirate.",
    avatar: "🏴‍☠️",
    systemPrompt: "Talk like a pirate.",
    knowledgeBase: { documents: [], websites: [], instructions: "" },
    settings: {
      model: "tessera-local",
      temperature: 0.4,
      maxTokens: 800,
      personality: "creative",
      responseStyle: "concise",
      language: "en",
    },
    isPublic: false,
    userId: "u1",
    sharedWith: [],
    createdAt: "2025-01-02T10:00:00.000Z",
    updatedAt: "2025-01-02T10:00:00.000Z",
    isSystem: false,
    builtIn: null,
    isOwned: true,
    isShared: false,
    isTeam: false,
    isFavorite: false,
    sharedBy: null,
    ...overrides,
  };
}

/** A built-in assistant as the server seeds it: its key, its English name and description. */
const builtIn = (key: string, name: string, description: string, model: string) =>
  assistant({
    builtIn: key,
    name,
    description,
    avatar: "🤖",
    settings: {
      model,
      temperature: 0.7,
      maxTokens: 4000,
      personality: "friendly",
      responseStyle: "concise",
      language: "en",
    },
    isPublic: true,
    userId: null,
    isSystem: true,
    isOwned: false,
  });

export const builtIns = () => [
  builtIn("ai-assistant", "AI Assistant", "A friendly all-round helper. The default.", "gpt-4o"),
  builtIn("code-expert", "Code Expert", "Reviews, explains and writes code with care.", "gpt-4o"),
  builtIn("writing-pro", "Writing Pro", "Drafts and polishes prose in any voice.", "claude-sonnet"),
  builtIn("business-analyst", "Business Analyst", "Sharp, concise analysis of plans and numbers.", "gpt-4o"),
];

export const savedDocument = (title: string, characters = 1200): DocumentSummary => ({
  id: uuid(),
  title,
  characters,
  passages: 2,
  source_url: null,
  collection_id: null,
  created_at: "2025-01-03T10:00:00.000Z",
});

/** Opens /dashboard/assistants (or `path`) signed in; waits for the tabs (or the page's error). */
export async function openAssistants(
  routes: Parameters<typeof stubFetch>[0] = {},
  path = "/dashboard/assistants",
) {
  storeSession();
  const server = stubFetch({
    "GET /api/auth/get-session": () => json(sessionBody()),
    "GET /api/models": () => json(modelsBody),
    "GET /api/assistants": () => json(builtIns()),
    "GET /api/documents": () => json([]),
    ...routes,
  });
  const user = userEvent.setup();
  const view = renderApp(path);
  // The first visit in another language also fetches that language's texts.
  await waitFor(() => expect(screen.queryByRole("tablist") ?? screen.queryByRole("alert")).toBeTruthy(), {
    timeout: 10_000,
  });
  return { user, server, ...view };
}

/** The card of the assistant with this name, in the tab shown. */
export const card = (name: string) => screen.getByRole("article", { name });
