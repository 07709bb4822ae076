import type { Comparison } from "@tessera/contracts";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { apiError, json, sse, type StubRequest } from "@/testing/fetch-stub";
import { COMPARISON_ID, comparisonBody, openCompare, responseId } from "./compare-test-steps";
import { ComparisonDetailPage } from "./comparison-detail-page";

const PATH = `/dashboard/compare/${COMPARISON_ID}`;
const MODELS = ["tessera-local", "local/alpha-7b"];

function stored(blind: boolean): Comparison {
  return comparisonBody(MODELS, {
    blind,
    responses: [
      {
        status: "complete",
        content: "Recursion is **self-reference**. [bad](javascript:alert(1))",
        tokensUsed: 20,
        timeToFirstTokenMs: 90,
        responseTimeMs: 800,
        tokensPerSecond: 28.5,
        cost: 0,
      },
      { status: "stopped", content: "Alpha started to" },
    ],
  });
}

describe("a stored comparison", () => {
  it("shows the prompt and the answers with their status and metrics; links stay safe", async () => {
    await openCompare(PATH, { [`GET /api/comparisons/${COMPARISON_ID}`]: () => json(stored(false)) });
    expect(await screen.findByText("Explain recursion in one paragraph")).toBeTruthy();
    const local = screen.getByRole("article", { name: "Tessera Local" });
    expect(local.textContent).toContain("Complete");
    expect(within(local).getByText("self-reference").tagName).toBe("STRONG");
    expect(within(local).getByText("bad").getAttribute("href")).toBe("#");
    expect(local.textContent).toContain("$0.0000");
    expect(local.textContent).toContain("28.5/s");
    const alpha = screen.getByRole("article", { name: "alpha-7b" });
    expect(alpha.textContent).toContain("Stopped");
    expect(alpha.textContent).toContain("Alpha started to");
    expect(within(alpha).queryByRole("button", { name: "Rate 1" })).toBeNull();
    expect(within(alpha).getByRole("button", { name: "Continue in chat" })).toBeTruthy();
  });

  it("a blind one stays hidden until its answers are rated", async () => {
    let comparison = stored(true);
    comparison.responses[1] = { ...comparison.responses[1]!, status: "complete", content: "Alpha answer." };
    const rate = (request: StubRequest) => {
      const { rating } = request.body as { rating: number };
      comparison = {
        ...comparison,
        revealed: true,
        responses: comparison.responses.map((r, i) => ({
          ...r,
          modelId: MODELS[i]!,
          rating: i === 0 ? rating : 4,
        })),
      };
      return json(comparison);
    };
    const { user, server } = await openCompare(PATH, {
      [`GET /api/comparisons/${COMPARISON_ID}`]: () => json(comparison),
      [`PUT /api/comparisons/${COMPARISON_ID}/responses/${responseId(0)}/rating`]: rate,
      "GET /api/comparisons": () => json([]),
    });
    const first = await screen.findByRole("article", { name: "Model A" });
    expect(screen.getByRole("article", { name: "Model B" })).toBeTruthy();
    expect(screen.getByText(/rate every complete answer to reveal/)).toBeTruthy();
    await user.click(within(first).getByRole("button", { name: "Rate 2" }));
    expect(await screen.findByRole("article", { name: "Tessera Local" })).toBeTruthy();
    expect(screen.getByText("Revealed · B")).toBeTruthy();
    expect(
      server.callsTo(`PUT /api/comparisons/${COMPARISON_ID}/responses/${responseId(0)}/rating`)[0]?.body,
    ).toEqual({
      rating: 2,
    });
  });

  it("follows an answer still coming as the server stores it, and Stop ends it", async () => {
    const streaming = (content: string): Comparison => {
      const comparison = stored(false);
      comparison.responses[1] = { ...comparison.responses[1]!, status: "streaming", content };
      return comparison;
    };
    let now = streaming("Alpha sta");
    const { user, server } = await openCompare(PATH, {
      [`GET /api/comparisons/${COMPARISON_ID}`]: () => json(now),
      [`POST /api/comparisons/${COMPARISON_ID}/stop`]: () => {
        now = { ...now, responses: [now.responses[0]!, { ...now.responses[1]!, status: "stopped" }] };
        return new Response(null, { status: 204 });
      },
    });
    const alpha = await screen.findByRole("article", { name: "alpha-7b" });
    expect(alpha.textContent).toContain("Alpha sta");
    expect(alpha.getAttribute("aria-busy")).toBe("true");
    expect(alpha.textContent).toContain("Streaming");
    // Read again while it is coming: the text grows.
    now = streaming("Alpha started to write");
    await waitFor(() => expect(alpha.textContent).toContain("Alpha started to write"), { timeout: 3_000 });

    await user.click(screen.getByRole("button", { name: "Stop" }));
    await waitFor(() => expect(alpha.textContent).toContain("Stopped"));
    expect(server.callsTo(`POST /api/comparisons/${COMPARISON_ID}/stop`)).toHaveLength(1);
    expect(alpha.getAttribute("aria-busy")).toBe("false");
    expect(screen.queryByRole("button", { name: "Stop" })).toBeNull();
    // Nothing is coming any more: the comparison is not read again.
    const reads = server.callsTo(`GET /api/comparisons/${COMPARISON_ID}`).length;
    await new Promise((r) => setTimeout(r, 1_500));
    expect(server.callsTo(`GET /api/comparisons/${COMPARISON_ID}`)).toHaveLength(reads);
  });

  it("runs a stopped answer again and follows it; a complete one, or one of a revealed blind comparison, is not offered", async () => {
    let now = stored(false);
    const { user, server } = await openCompare(PATH, {
      [`GET /api/comparisons/${COMPARISON_ID}`]: () => json(now),
      "POST /api/chat-stream": () => {
        now = {
          ...now,
          responses: [now.responses[0]!, { ...now.responses[1]!, status: "streaming", content: "" }],
        };
        return sse([{ type: "start", comparisonId: COMPARISON_ID, responseId: responseId(1) }]);
      },
    });
    const alpha = await screen.findByRole("article", { name: "alpha-7b" });
    const local = screen.getByRole("article", { name: "Tessera Local" });
    expect(within(local).queryByRole("button", { name: "Try again" })).toBeNull();
    await user.click(within(alpha).getByRole("button", { name: "Try again" }));
    await waitFor(() => expect(alpha.dataset.status).toBe("streaming"));
    expect(server.callsTo("POST /api/chat-stream")[0]?.body).toEqual({
      comparison: true,
      comparisonId: COMPARISON_ID,
      responseId: responseId(1),
    });
    expect(within(alpha).queryByRole("button", { name: "Try again" })).toBeNull();
    expect(screen.getByRole("button", { name: "Stop" })).toBeTruthy();
    // Followed as the server stores it.
    now = {
      ...now,
      responses: [now.responses[0]!, { ...now.responses[1]!, status: "complete", content: "Anew." }],
    };
    await waitFor(() => expect(alpha.dataset.status).toBe("complete"), { timeout: 3_000 });
    expect(alpha.textContent).toContain("Anew.");
  });

  it("a revealed blind comparison offers no Try again", async () => {
    const revealed = { ...stored(true), revealed: true };
    revealed.responses = revealed.responses.map((r, i) => ({
      ...r,
      modelId: MODELS[i]!,
      rating: i === 0 ? 3 : null,
    }));
    await openCompare(PATH, { [`GET /api/comparisons/${COMPARISON_ID}`]: () => json(revealed) });
    const alpha = await screen.findByRole("article", { name: "alpha-7b" });
    expect(alpha.dataset.status).toBe("stopped");
    expect(within(alpha).queryByRole("button", { name: "Try again" })).toBeNull();
  });

  it("a stored comparison with nothing coming offers no Stop and is read once", async () => {
    const { server } = await openCompare(PATH, {
      [`GET /api/comparisons/${COMPARISON_ID}`]: () => json(stored(false)),
    });
    const alpha = await screen.findByRole("article", { name: "alpha-7b" });
    expect(alpha.getAttribute("aria-busy")).toBe("false");
    expect(screen.queryByRole("button", { name: "Stop" })).toBeNull();
    await new Promise((r) => setTimeout(r, 1_500));
    expect(server.callsTo(`GET /api/comparisons/${COMPARISON_ID}`)).toHaveLength(1);
  });

  it("someone else's or a deleted comparison is not found", async () => {
    await openCompare(PATH, {
      [`GET /api/comparisons/${COMPARISON_ID}`]: () => apiError(404, "NOT_FOUND", "Comparison not found."),
    });
    expect(await screen.findByRole("heading", { name: "Comparison not found" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Back to your comparisons" }).getAttribute("href")).toBe(
      "/dashboard/compare",
    );
  });

  it("is deleted after confirming, and the page goes back to the list", async () => {
    const { user, server, router } = await openCompare(PATH, {
      [`GET /api/comparisons/${COMPARISON_ID}`]: () => json(stored(false)),
      [`DELETE /api/comparisons/${COMPARISON_ID}`]: () => new Response(null, { status: 204 }),
    });
    await user.click(await screen.findByRole("button", { name: "Delete" }));
    const confirm = await screen.findByRole("alertdialog", { name: "Delete comparison?" });
    await user.click(within(confirm).getByRole("button", { name: "Delete" }));
    expect(await screen.findByText("Comparison deleted")).toBeTruthy();
    expect(server.callsTo(`DELETE /api/comparisons/${COMPARISON_ID}`)).toHaveLength(1);
    await waitFor(() => expect(router.state.location.pathname).toBe("/dashboard/compare"));
  });

  it("Continue in chat opens the new conversation", async () => {
    const conversationId = "c0ffee00-0000-4000-8000-00000000cafe";
    const { user, server, router } = await openCompare(
      PATH,
      {
        [`GET /api/comparisons/${COMPARISON_ID}`]: () => json(stored(false)),
        [`POST /api/comparisons/${COMPARISON_ID}/responses/${responseId(0)}/continue`]: () =>
          json({ conversationId }, { status: 201 }),
      },
      {
        routes: [
          { path: "/dashboard/compare/:id", Component: ComparisonDetailPage },
          { path: "/dashboard/chat", element: <h1>Chat</h1> },
        ],
      },
    );
    const local = await screen.findByRole("article", { name: "Tessera Local" });
    await user.click(within(local).getByRole("button", { name: "Continue in chat" }));
    await waitFor(() => expect(router.state.location.search).toBe(`?conversation=${conversationId}`));
    expect(router.state.location.pathname).toBe("/dashboard/chat");
    expect(
      server.callsTo(`POST /api/comparisons/${COMPARISON_ID}/responses/${responseId(0)}/continue`),
    ).toHaveLength(1);
  });
});
