import type { Comparison } from "@tessera/contracts";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { apiError, json, sse, type StubRequest } from "@/testing/fetch-stub";
import {
  COMPARISON_ID,
  comparisonBody,
  completeEvent,
  openCompare,
  responseId,
  streamsByResponse,
} from "./compare-test-steps";

const MODELS = ["gpt-4o", "local/alpha-7b"];
const ratingRoute = (position: number) =>
  `PUT /api/comparisons/${COMPARISON_ID}/responses/${responseId(position)}/rating`;

const answered = (responseTimes: number[]) =>
  streamsByResponse(
    Object.fromEntries(
      responseTimes.map((ms, i) => [
        responseId(i),
        () => sse([{ type: "chunk", content: `Answer ${"AB"[i]} in full.` }, completeEvent(ms)]),
      ]),
    ),
  );

/** A server that keeps ratings and reveals a blind comparison once both answers are rated. */
function ratingServer(blind: boolean) {
  const stored: Comparison = comparisonBody(MODELS, { blind });
  const rate = (position: number) => (request: StubRequest) => {
    const { rating } = request.body as { rating: number };
    stored.responses[position] = { ...stored.responses[position]!, status: "complete", rating };
    if (blind && stored.responses.every((r) => r.rating !== null)) {
      stored.revealed = true;
      stored.responses = stored.responses.map((r, i) => ({ ...r, modelId: MODELS[i]! }));
    }
    return json(stored);
  };
  return {
    "POST /api/comparisons": () => json(comparisonBody(MODELS, { blind }), { status: 201 }),
    "POST /api/chat-stream": answered([900, 400]),
    [ratingRoute(0)]: rate(0),
    [ratingRoute(1)]: rate(1),
  };
}

async function compare(routes: Parameters<typeof openCompare>[1], { blind = false } = {}) {
  const view = await openCompare("/dashboard/compare?new=1", routes);
  const dialog = await screen.findByRole("dialog", { name: "Model Comparison" });
  const { user } = view;
  await user.type(within(dialog).getByRole("textbox", { name: "Prompt" }), "Explain recursion");
  for (const name of ["Claude 4 Sonnet", "Gemini 2.5 Pro", "alpha-7b"])
    await user.click(await within(dialog).findByRole("checkbox", { name }));
  if (blind) await user.click(within(dialog).getByRole("switch", { name: "Blind mode" }));
  await user.click(within(dialog).getByRole("button", { name: "Compare Models" }));
  await waitFor(() =>
    expect(
      within(dialog)
        .getAllByRole("article")
        .map((c) => c.dataset.status),
    ).toEqual(["complete", "complete"]),
  );
  return { ...view, dialog };
}

describe("rating answers", () => {
  it("a star sends the rating and shows it pressed", async () => {
    const { user, server, dialog } = await compare(ratingServer(false));
    const gpt = within(dialog).getByRole("article", { name: "GPT-4o" });
    await user.click(within(gpt).getByRole("button", { name: "Rate 4" }));
    expect(server.callsTo(ratingRoute(0))[0]?.body).toEqual({ rating: 4 });
    expect(within(gpt).getByRole("button", { name: "Rate 4" }).getAttribute("aria-pressed")).toBe("true");
    expect(within(gpt).getByRole("button", { name: "Rate 5" }).getAttribute("aria-pressed")).toBe("false");
  });

  it("a refused rating is taken back and said", async () => {
    const { user, dialog } = await compare({
      ...ratingServer(false),
      [ratingRoute(0)]: () => apiError(409, "CONFLICT", "Only a complete answer can be rated."),
    });
    const gpt = within(dialog).getByRole("article", { name: "GPT-4o" });
    await user.click(within(gpt).getByRole("button", { name: "Rate 2" }));
    expect(await screen.findByText("Only a complete answer can be rated.")).toBeTruthy();
    await waitFor(() =>
      expect(within(gpt).getByRole("button", { name: "Rate 2" }).getAttribute("aria-pressed")).toBe("false"),
    );
  });

  it("blind mode hides the names until every answer is rated, then reveals them", async () => {
    const { user, server, dialog } = await compare(ratingServer(true), { blind: true });
    expect(server.callsTo("POST /api/comparisons")[0]?.body).toMatchObject({ blind: true });
    const first = within(dialog).getByRole("article", { name: "Model A" });
    const second = within(dialog).getByRole("article", { name: "Model B" });
    const answers = within(dialog).getByRole("region", { name: "Answers" });
    expect(answers.textContent).not.toMatch(/GPT-4o|alpha-7b/);
    expect(within(dialog).getByText(/Blind · A–B/)).toBeTruthy();
    expect(within(first).queryByRole("button", { name: "Continue in chat" })).toBeNull();

    await user.click(within(first).getByRole("button", { name: "Rate 3" }));
    await waitFor(() => expect(server.callsTo(ratingRoute(0))).toHaveLength(1));
    expect(within(dialog).queryByRole("article", { name: "GPT-4o" })).toBeNull();

    await user.click(within(second).getByRole("button", { name: "Rate 5" }));
    const gpt = await within(dialog).findByRole("article", { name: "GPT-4o" });
    const alpha = within(dialog).getByRole("article", { name: "alpha-7b" });
    expect(within(gpt).getByText("Revealed · A")).toBeTruthy();
    expect(within(alpha).getByText("Revealed · B")).toBeTruthy();
    expect(within(alpha).getByRole("button", { name: "Rate 5" }).getAttribute("aria-pressed")).toBe("true");
    expect(within(gpt).getByRole("button", { name: "Continue in chat" })).toBeTruthy();
  });

  it("auto-rate gives the fastest complete answer 5 stars once all are in", async () => {
    localStorage.setItem("compare_auto_rate", "true");
    const { server, dialog } = await compare(ratingServer(false));
    await waitFor(() => expect(server.callsTo(ratingRoute(1))).toHaveLength(1));
    expect(server.callsTo(ratingRoute(1))[0]?.body).toEqual({ rating: 5 });
    expect(server.callsTo(ratingRoute(0))).toHaveLength(0);
    const alpha = within(dialog).getByRole("article", { name: "alpha-7b" });
    expect(within(alpha).getByRole("button", { name: "Rate 5" }).getAttribute("aria-pressed")).toBe("true");
  });
});
