// Shared steps of the comparison tests: a signed-in visit with the server's real-shaped answers.
import {
  BLIND_LABELS,
  MODEL_GROUPS,
  type Comparison,
  type ComparisonResponse,
  type ComparisonSummary,
  type ModelsResponse,
} from "@tessera/contracts";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { RouteObject } from "react-router";
import { json, stubFetch, type StubRequest } from "@/testing/fetch-stub";
import { renderApp } from "@/testing/render-app";
import { sessionBody, storeSession } from "@/testing/session";

const AVAILABLE = new Set(["guide", "tessera-local", "gpt-4o", "claude-sonnet", "gemini-pro"]);

/** GET /api/models for a server with a few providers and two models on an OpenAI-compatible server. */
export function modelsBody(extraLocal: string[] = ["alpha-7b", "beta-13b"]): ModelsResponse {
  return {
    groups: MODEL_GROUPS.map((group) => ({
      id: group.id,
      title: group.title,
      icon: group.icon,
      color: group.color,
      models: [
        ...group.models.map((m) => ({
          id: m.id,
          name: m.name,
          description: m.description,
          vision: Boolean(m.vision),
          research: Boolean(m.research),
          available: AVAILABLE.has(m.id),
          provider: AVAILABLE.has(m.id) ? ("openrouter" as const) : null,
          unavailableReason: AVAILABLE.has(m.id) ? null : "Not enabled on this server.",
          requiredPlan: null,
        })),
        ...(group.id === "open-source"
          ? extraLocal.map((name) => ({
              id: `local/${name}`,
              name,
              description: "On your server (127.0.0.1:1234)",
              vision: false,
              research: false,
              available: true,
              provider: "openai-compatible" as const,
              unavailableReason: null,
              requiredPlan: null,
            }))
          : []),
      ],
    })),
  };
}

export const COMPARISON_ID = "c0ffee00-0000-4000-8000-0000000000c1";
export const responseId = (position: number) => `c0ffee00-0000-4000-8000-00000000010${position}`;

export function responseBody(
  position: number,
  modelId: string | null,
  overrides: Partial<ComparisonResponse> = {},
): ComparisonResponse {
  return {
    id: responseId(position),
    position,
    label: BLIND_LABELS[position] ?? "A",
    modelId,
    content: "",
    tokensUsed: null,
    timeToFirstTokenMs: null,
    responseTimeMs: null,
    tokensPerSecond: null,
    cost: null,
    status: "pending",
    error: null,
    rating: null,
    ...overrides,
  };
}

/** A comparison as POST /api/comparisons answers it: every answer pending; blind ones hide models. */
export function comparisonBody(
  models: string[],
  options: { blind?: boolean; prompt?: string; responses?: Partial<ComparisonResponse>[] } = {},
): Comparison {
  const blind = options.blind ?? false;
  return {
    id: COMPARISON_ID,
    prompt: options.prompt ?? "Explain recursion in one paragraph",
    models,
    blind,
    revealed: false,
    createdAt: new Date(Date.now() - 60_000).toISOString(),
    responses: models.map((m, i) => responseBody(i, blind ? null : m, options.responses?.[i])),
  };
}

export function summaryBody(overrides: Partial<ComparisonSummary> = {}): ComparisonSummary {
  return {
    id: COMPARISON_ID,
    prompt: "Explain recursion in one paragraph",
    models: ["gpt-4o", "local/alpha-7b"],
    blind: false,
    revealed: false,
    createdAt: new Date(Date.now() - 60_000).toISOString(),
    ratedCount: 0,
    responseCount: 2,
    runningCount: 0,
    winnerModelId: null,
    ...overrides,
  };
}

export const completeEvent = (responseTimeMs = 1200, tokens = 42) => ({
  type: "complete",
  done: true,
  tokens,
  timeToFirstTokenMs: 180,
  responseTimeMs,
  tokensPerSecond: 35,
  cost: 0,
});

type Routes = Parameters<typeof stubFetch>[0];

/** Opens `path` signed in, with no comparisons and an empty leaderboard unless `routes` say otherwise. */
export async function openCompare(
  path = "/dashboard/compare",
  routes: Routes = {},
  options: { routes?: RouteObject[] } = {},
) {
  storeSession();
  const server = stubFetch({
    "GET /api/auth/get-session": () => json(sessionBody()),
    "GET /api/models": () => json(modelsBody()),
    "GET /api/comparisons": () => json([]),
    "GET /api/comparisons/leaderboard": () => json({ entries: [] }),
    ...routes,
  });
  const user = userEvent.setup();
  const view = renderApp(path, options);
  await screen.findByRole("heading", { level: 1, hidden: true }, { timeout: 12_000 });
  return { user, server, ...view };
}

/** Routes POST /api/chat-stream to the stream of the answer it asks for. */
export function streamsByResponse(
  handlers: Record<string, (request: StubRequest) => Response | Promise<Response>>,
) {
  return (request: StubRequest) => {
    const { responseId: id } = request.body as { responseId: string };
    const handler = handlers[id];
    if (!handler) throw new Error(`No stream for answer ${id}`);
    return handler(request);
  };
}

export const card = (name: string | RegExp) => screen.getByRole("article", { name });
