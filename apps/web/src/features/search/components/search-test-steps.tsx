// Shared steps of the search page tests: a signed-in visit with the server's real-shaped answers.
import type { SavedSearch, SearchEvent, SearchSource, SearchSummary } from "@tessera/contracts";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { json, stubFetch } from "@/testing/fetch-stub";
import { renderApp } from "@/testing/render-app";
import { sessionBody, storeSession } from "@/testing/session";

export const SEARCH_ID = "5ea0c000-0000-4000-8000-000000000001";
export const SECOND_ID = "5ea0c000-0000-4000-8000-000000000002";
export const QUESTION = "When is the Farrow Point lamp lit?";

export const SOURCES: SearchSource[] = [
  {
    title: "Lighthouse keeping handbook",
    url: "/dashboard/documents/d0c00000-0000-4000-8000-000000000001",
    snippet: "The Farrow Point **lighthouse** lamp is lit at **dusk** by the keeper.",
    domain: "tessera.local",
  },
  {
    title: "Coastal lights of the north",
    url: "https://lights.example/farrow-point",
    snippet: "A short history of the light.",
    domain: "lights.example",
    favicon: "https://lights.example/favicon.ico",
    faviconSrc: "/api/image-proxy?url=https%3A%2F%2Flights.example%2Ffavicon.ico&exp=1900000000&sig=abc",
  },
];

/** A whole search, as the server streams it. */
export function searchEvents(
  overrides: { searchId?: string; query?: string; overview?: string; followUps?: string[] } = {},
): SearchEvent[] {
  const searchId = overrides.searchId ?? SEARCH_ID;
  return [
    { type: "start", searchId, query: overrides.query ?? QUESTION },
    { type: "searching", message: "Searching your workspace...", provider: "local" },
    { type: "sources", sources: SOURCES },
    { type: "images", images: [] },
    { type: "overview_start", model: "tessera-local" },
    {
      type: "overview_chunk",
      content: overrides.overview ?? "The lamp is lit at dusk by the keeper [1].",
      progress: 60,
    },
    { type: "follow_up", questions: overrides.followUps ?? ["Who keeps the Farrow Point light?"] },
    { type: "complete", searchId, tokensUsed: 42, cost: 0 },
  ];
}

export function summary(overrides: Partial<SearchSummary> = {}): SearchSummary {
  return {
    id: SEARCH_ID,
    parentId: null,
    query: QUESTION,
    status: "complete",
    createdAt: new Date(Date.now() - 60_000).toISOString(),
    ...overrides,
  };
}

export function savedSearch(overrides: Partial<SavedSearch> = {}): SavedSearch {
  return {
    ...summary(),
    provider: "local",
    sources: SOURCES,
    images: [],
    overview: "The lamp is lit at dusk [1].",
    followUps: [],
    tokensUsed: 42,
    cost: 0,
    ...overrides,
  };
}

type Routes = Parameters<typeof stubFetch>[0];

/** Opens `path` signed in, with no past searches unless `routes` say otherwise. */
export async function openSearch(path = "/dashboard/jigsaw-search", routes: Routes = {}) {
  storeSession();
  const server = stubFetch({
    "GET /api/auth/get-session": () => json(sessionBody()),
    "GET /api/searches": () => json([]),
    ...routes,
  });
  const user = userEvent.setup();
  const view = renderApp(path);
  await screen.findByRole("heading", { level: 1, hidden: true }, { timeout: 3000 });
  return { user, server, ...view };
}

export const searchBox = () => screen.getByRole("searchbox", { name: "Search" });
export const result = (query: string) => screen.getByRole("article", { name: query });
export const statusOf = (query: string) => within(result(query)).getByTestId("search-status");
