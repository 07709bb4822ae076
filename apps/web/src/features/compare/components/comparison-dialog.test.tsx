import { COMPARISON_MODELS_LISTED } from "@tessera/contracts";
import { screen, waitFor, within } from "@testing-library/react";
import { toast } from "sonner";
import { describe, expect, it } from "vitest";
import { apiError, json, liveSse, sse } from "@/testing/fetch-stub";
import { keylessModelsBody } from "@/testing/models-body";
import {
  COMPARISON_ID,
  comparisonBody,
  completeEvent,
  modelsBody,
  openCompare,
  responseId,
  streamsByResponse,
} from "./compare-test-steps";

const DEFAULTS = ["gpt-4o", "claude-sonnet", "gemini-pro"];

async function openDialog(routes: Parameters<typeof openCompare>[1] = {}) {
  const view = await openCompare("/dashboard/compare?new=1", routes);
  const dialog = await screen.findByRole("dialog", { name: "Model Comparison" });
  await within(dialog).findByRole("checkbox", { name: "GPT-4o" });
  return { ...view, dialog };
}

const promptBox = (dialog: HTMLElement) => within(dialog).getByRole("textbox", { name: "Prompt" });
const checkbox = (dialog: HTMLElement, name: string) => within(dialog).getByRole("checkbox", { name });

describe("the Model Comparison dialog", () => {
  it("offers only available models, at most twelve, with the default models that are available chosen", async () => {
    const many = Array.from({ length: 12 }, (_, i) => `model-${i}`);
    const { dialog } = await openDialog({ "GET /api/models": () => json(modelsBody(many)) });
    const boxes = within(dialog).getAllByRole("checkbox");
    expect(boxes).toHaveLength(COMPARISON_MODELS_LISTED);
    expect(within(dialog).queryByRole("checkbox", { name: "GPT-5" })).toBeNull();
    expect(
      boxes.filter((b) => (b as HTMLInputElement).checked).map((b) => b.getAttribute("aria-label")),
    ).toEqual(["GPT-4o", "Gemini 2.5 Pro", "Claude 4 Sonnet"]);
    expect(within(dialog).getByText("3 of 4 selected")).toBeTruthy();
    for (const name of ["Compare Models", "Stop", "Settings"])
      expect(within(dialog).getByRole("button", { name })).toBeTruthy();
    expect(within(dialog).getByRole("button", { name: "Stop" })).toHaveProperty("disabled", true);
  });

  it("with no provider offers Tessera Local once (not Tessa, who runs on it too) and the downloaded models", async () => {
    const downloaded = {
      id: "gguf/qwen2.5-0.5b-instruct-q4_k_m",
      name: "qwen2.5-0.5b-instruct-q4_k_m",
      description: "Runs here",
      vision: false,
      research: false,
      available: true,
      provider: "openai-compatible" as const,
      unavailableReason: null,
      requiredPlan: null,
    };
    const offline = {
      groups: keylessModelsBody.groups.map((g) =>
        g.id === "open-source" ? { ...g, models: [...g.models, downloaded] } : g,
      ),
    };
    await openCompare("/dashboard/compare?new=1", { "GET /api/models": () => json(offline) });
    const dialog = await screen.findByRole("dialog", { name: "Model Comparison" });
    await within(dialog).findByRole("checkbox", { name: "Tessera Local" });
    expect(
      within(dialog)
        .getAllByRole("checkbox")
        .map((b) => b.getAttribute("aria-label")),
    ).toEqual(["Tessera Local", "qwen2.5-0.5b-instruct-q4_k_m"]);
  });

  it("refuses a fifth model with 'Model limit reached' and leaves it unchecked", async () => {
    const { user, dialog } = await openDialog();
    await user.click(checkbox(dialog, "Tessera Local"));
    expect(checkbox(dialog, "Tessera Local")).toHaveProperty("checked", true);
    await user.click(checkbox(dialog, "alpha-7b"));
    expect(await screen.findByText("Model limit reached")).toBeTruthy();
    expect(screen.getByText("You can compare up to 4 models at once.")).toBeTruthy();
    expect(checkbox(dialog, "alpha-7b")).toHaveProperty("checked", false);
    expect(within(dialog).getByText("4 of 4 selected")).toBeTruthy();
  });

  it("an empty prompt or no model gives 'Invalid input' and sends nothing", async () => {
    const { user, server, dialog } = await openDialog();
    await user.click(within(dialog).getByRole("button", { name: "Compare Models" }));
    expect(await screen.findByText("Invalid input")).toBeTruthy();
    expect(screen.getByText("Please enter a prompt and select at least one model.")).toBeTruthy();

    await user.type(promptBox(dialog), "Explain recursion");
    for (const name of ["GPT-4o", "Claude 4 Sonnet", "Gemini 2.5 Pro"])
      await user.click(checkbox(dialog, name));
    expect(within(dialog).getByText("0 of 4 selected")).toBeTruthy();
    toast.dismiss();
    await waitFor(() => expect(screen.queryByText("Invalid input")).toBeNull());
    await user.click(within(dialog).getByRole("button", { name: "Compare Models" }));
    expect(await screen.findByText("Invalid input")).toBeTruthy();
    expect(server.callsTo("POST /api/comparisons")).toHaveLength(0);
  });

  it("a prompt over the limit gives 'Prompt too long', keeps the prompt and sends nothing", async () => {
    const { user, server, dialog } = await openDialog();
    await user.click(promptBox(dialog));
    await user.paste("x".repeat(32_001));
    await user.click(within(dialog).getByRole("button", { name: "Compare Models" }));
    expect(await screen.findByText("Prompt too long")).toBeTruthy();
    expect(screen.getByText("A comparison prompt can be at most 32,000 characters.")).toBeTruthy();
    expect((promptBox(dialog) as HTMLTextAreaElement).value).toHaveLength(32_001);
    expect(server.callsTo("POST /api/comparisons")).toHaveLength(0);
  });

  it("streams every answer at the same time into its own card, with metrics and a rating once complete", async () => {
    const streams = DEFAULTS.map(() => liveSse());
    const created = comparisonBody(DEFAULTS);
    const { user, server, dialog } = await openDialog({
      "POST /api/comparisons": () => json(created, { status: 201 }),
      "POST /api/chat-stream": streamsByResponse(
        Object.fromEntries(streams.map((s, i) => [responseId(i), s.handler])),
      ),
    });
    await user.type(promptBox(dialog), "Explain recursion in one paragraph");
    await user.click(within(dialog).getByRole("button", { name: "Compare Models" }));

    const answers = await within(dialog).findByRole("region", { name: "Answers" });
    const gpt = within(answers).getByRole("article", { name: "GPT-4o" });
    expect(gpt.textContent).toContain("Pending");
    await waitFor(() => expect(server.callsTo("POST /api/chat-stream")).toHaveLength(3));
    expect(server.callsTo("POST /api/comparisons")[0]?.body).toEqual({
      prompt: "Explain recursion in one paragraph",
      models: DEFAULTS,
      blind: false,
    });
    expect(server.callsTo("POST /api/chat-stream").map((c) => c.body)).toEqual(
      DEFAULTS.map((_, i) => ({ comparison: true, comparisonId: COMPARISON_ID, responseId: responseId(i) })),
    );
    expect(within(dialog).getByRole("button", { name: "Stop" })).toHaveProperty("disabled", false);

    // Text arrives on the third card before the first has finished: the streams run side by side.
    streams[0]!.push({ type: "start", comparisonId: COMPARISON_ID, responseId: responseId(0) });
    streams[0]!.push({ type: "chunk", content: "Recursion is a function" });
    streams[2]!.push({ type: "start", comparisonId: COMPARISON_ID, responseId: responseId(2) });
    streams[2]!.push({ type: "chunk", content: "A function that calls **itself**." });
    const gemini = within(answers).getByRole("article", { name: "Gemini 2.5 Pro" });
    await waitFor(() => expect(gemini.textContent).toContain("A function that calls itself."));
    expect(gpt.textContent).toContain("Recursion is a function");
    expect(gpt.dataset.status).toBe("streaming");
    expect(gpt.textContent).toContain("Streaming");

    streams[0]!.push({ type: "chunk", content: " calling itself." });
    streams[0]!.push(completeEvent(1234, 42));
    streams[0]!.close();
    await waitFor(() => expect(gpt.dataset.status).toBe("complete"));
    expect(gpt.textContent).toContain("Recursion is a function calling itself.");
    expect(within(gpt).getByLabelText("Metrics")).toBeTruthy();
    expect(gpt.textContent).toContain("180 ms");
    expect(gpt.textContent).toContain("1.23 s");
    expect(gpt.textContent).toContain("$0.0000");
    expect(within(gpt).getByRole("button", { name: "Rate 5" })).toBeTruthy();
    expect(within(gemini).queryByRole("button", { name: "Rate 5" })).toBeNull();
    expect(gemini.dataset.status).toBe("streaming");
  });

  it("a failed answer says 'Error: …' on its card while the other completes", async () => {
    const models = ["gpt-4o", "local/alpha-7b"];
    let gptAsked = 0;
    const { user, dialog, server } = await openDialog({
      "POST /api/comparisons": () => json(comparisonBody(models), { status: 201 }),
      "POST /api/chat-stream": streamsByResponse({
        [responseId(0)]: () =>
          ++gptAsked > 1
            ? sse([
                { type: "start", comparisonId: COMPARISON_ID, responseId: responseId(0) },
                { type: "chunk", content: "A second, whole answer." },
                completeEvent(),
              ])
            : sse([
                { type: "start", comparisonId: COMPARISON_ID, responseId: responseId(0) },
                { type: "chunk", content: "Half an answer" },
                {
                  type: "error",
                  error: "UPSTREAM_ERROR",
                  message: "The selected model is currently unavailable. Please try a different model.",
                },
              ]),
        [responseId(1)]: () =>
          sse([
            { type: "start", comparisonId: COMPARISON_ID, responseId: responseId(1) },
            { type: "chunk", content: "Alpha answers in full." },
            completeEvent(),
          ]),
      }),
    });
    await user.click(checkbox(dialog, "Claude 4 Sonnet"));
    await user.click(checkbox(dialog, "Gemini 2.5 Pro"));
    await user.click(checkbox(dialog, "alpha-7b"));
    await user.type(promptBox(dialog), "Explain recursion in one paragraph");
    await user.click(within(dialog).getByRole("button", { name: "Compare Models" }));

    const failed = await within(dialog).findByRole("article", { name: "GPT-4o" });
    const alpha = within(dialog).getByRole("article", { name: "alpha-7b" });
    await waitFor(() => expect(failed.dataset.status).toBe("error"));
    expect(within(failed).getByRole("alert").textContent).toBe(
      "Error: The selected model is currently unavailable. Please try a different model.",
    );
    expect(failed.textContent).toContain("Half an answer");
    expect(within(failed).queryByRole("button", { name: "Rate 1" })).toBeNull();
    await waitFor(() => expect(alpha.dataset.status).toBe("complete"));
    expect(alpha.textContent).toContain("Alpha answers in full.");
    expect(within(alpha).queryByRole("alert")).toBeNull();
    expect(within(alpha).queryByRole("button", { name: "Try again" })).toBeNull();

    // The failed one runs again in its card, from nothing.
    await user.click(within(failed).getByRole("button", { name: "Try again" }));
    await waitFor(() => expect(failed.dataset.status).toBe("complete"));
    expect(failed.textContent).toContain("A second, whole answer.");
    expect(failed.textContent).not.toContain("Half an answer");
    expect(within(failed).queryByRole("alert")).toBeNull();
    expect(within(failed).getByRole("button", { name: "Rate 1" })).toBeTruthy();
    expect(within(failed).queryByRole("button", { name: "Try again" })).toBeNull();
    const asked = server.callsTo("POST /api/chat-stream").map((c) => c.body as { responseId: string });
    expect(asked.map((b) => b.responseId)).toEqual([responseId(0), responseId(1), responseId(0)]);
    expect(within(dialog).getByRole("button", { name: "Compare Models" })).toHaveProperty("disabled", false);
  });

  it("a refused start is shown on the card (the server already streams it)", async () => {
    const { user, dialog } = await openDialog({
      "POST /api/comparisons": () => json(comparisonBody(DEFAULTS), { status: 201 }),
      "POST /api/chat-stream": (request) =>
        (request.body as { responseId: string }).responseId === responseId(1)
          ? apiError(409, "CONFLICT", "This answer is already streaming.")
          : sse([{ type: "chunk", content: "Fine." }, completeEvent()]),
    });
    await user.type(promptBox(dialog), "Hello there");
    await user.click(within(dialog).getByRole("button", { name: "Compare Models" }));
    const claude = await within(dialog).findByRole("article", { name: "Claude 4 Sonnet" });
    await waitFor(() => expect(claude.textContent).toContain("Error: This answer is already streaming."));
    await waitFor(() =>
      expect(within(dialog).getByRole("article", { name: "GPT-4o" }).dataset.status).toBe("complete"),
    );
  });

  it("shows the server's refusal to create a comparison as a toast", async () => {
    const { user, dialog } = await openDialog({
      "POST /api/comparisons": () =>
        apiError(429, "RATE_LIMITED", "Too many messages. Try again in a minute."),
    });
    await user.type(promptBox(dialog), "Hello there");
    await user.click(within(dialog).getByRole("button", { name: "Compare Models" }));
    expect(await screen.findByText("Could not start the comparison")).toBeTruthy();
    expect(screen.getByText("Too many messages. Try again in a minute.")).toBeTruthy();
    expect(within(dialog).queryByRole("region", { name: "Answers" })).toBeNull();
  });

  it("Stop ends every answer on the server and here, shows the text the server kept and changes no card's status", async () => {
    const streams = DEFAULTS.map(() => liveSse());
    const kept = comparisonBody(DEFAULTS, {
      responses: [
        { status: "stopped", content: "Partial words and a few more" },
        // A draft stored elsewhere, behind what reached the page.
        { status: "stopped", content: "Beg" },
        { status: "stopped" },
      ],
    });
    const { user, server, dialog } = await openDialog({
      "POST /api/comparisons": () => json(comparisonBody(DEFAULTS), { status: 201 }),
      "POST /api/chat-stream": streamsByResponse(
        Object.fromEntries(streams.map((s, i) => [responseId(i), s.handler])),
      ),
      [`POST /api/comparisons/${COMPARISON_ID}/stop`]: () => new Response(null, { status: 204 }),
      [`GET /api/comparisons/${COMPARISON_ID}`]: () => json(kept),
    });
    await user.type(promptBox(dialog), "Explain recursion in one paragraph");
    await user.click(within(dialog).getByRole("button", { name: "Compare Models" }));
    await waitFor(() => expect(server.callsTo("POST /api/chat-stream")).toHaveLength(3));
    streams[0]!.push({ type: "start", comparisonId: COMPARISON_ID, responseId: responseId(0) });
    streams[0]!.push({ type: "chunk", content: "Partial words" });
    streams[1]!.push({ type: "start", comparisonId: COMPARISON_ID, responseId: responseId(1) });
    streams[1]!.push({ type: "chunk", content: "Begun here" });
    const gpt = within(dialog).getByRole("article", { name: "GPT-4o" });
    await waitFor(() => expect(gpt.textContent).toContain("Partial words"));
    await waitFor(() => expect(dialog.textContent).toContain("Begun here"));

    await user.click(within(dialog).getByRole("button", { name: "Stop" }));
    await waitFor(() =>
      expect(server.callsTo("POST /api/chat-stream").map((c) => c.signal?.aborted)).toEqual([
        true,
        true,
        true,
      ]),
    );
    await waitFor(() =>
      expect(within(dialog).getByRole("button", { name: "Compare Models" })).toHaveProperty(
        "disabled",
        false,
      ),
    );
    expect(within(dialog).getByRole("button", { name: "Stop" })).toHaveProperty("disabled", true);
    const cards = within(dialog).getAllByRole("article");
    expect(cards.map((c) => c.dataset.status)).toEqual(["streaming", "streaming", "pending"]);
    for (const c of cards) {
      expect(c.textContent).toContain("Stopped");
      expect(within(c).queryByRole("alert")).toBeNull();
      expect(within(c).getByRole("button", { name: "Try again" })).toBeTruthy();
    }
    // The answers outlive their streams: the server is asked, once, to end them.
    expect(server.callsTo(`POST /api/comparisons/${COMPARISON_ID}/stop`)).toHaveLength(1);
    await waitFor(() => expect(gpt.textContent).toContain("Partial words and a few more"));
    expect(dialog.textContent).toContain("Begun here");
    expect(cards.map((c) => c.dataset.status)).toEqual(["streaming", "streaming", "pending"]);
  });

  it("an answer run again after Stop can be stopped again; the others stay stopped", async () => {
    const models = ["gpt-4o", "local/alpha-7b"];
    const first = [liveSse(), liveSse()];
    const again = liveSse();
    let gptAsked = 0;
    const { user, server, dialog } = await openDialog({
      "POST /api/comparisons": () => json(comparisonBody(models), { status: 201 }),
      "POST /api/chat-stream": streamsByResponse({
        [responseId(0)]: (request) => (++gptAsked > 1 ? again : first[0]!).handler(request),
        [responseId(1)]: first[1]!.handler,
      }),
      [`POST /api/comparisons/${COMPARISON_ID}/stop`]: () => new Response(null, { status: 204 }),
      [`GET /api/comparisons/${COMPARISON_ID}`]: () => json(comparisonBody(models)),
    });
    await user.click(checkbox(dialog, "Claude 4 Sonnet"));
    await user.click(checkbox(dialog, "Gemini 2.5 Pro"));
    await user.click(checkbox(dialog, "alpha-7b"));
    await user.type(promptBox(dialog), "Hello there");
    await user.click(within(dialog).getByRole("button", { name: "Compare Models" }));
    await waitFor(() => expect(server.callsTo("POST /api/chat-stream")).toHaveLength(2));
    first[0]!.push({ type: "start", comparisonId: COMPARISON_ID, responseId: responseId(0) });
    first[1]!.push({ type: "start", comparisonId: COMPARISON_ID, responseId: responseId(1) });
    first[1]!.push({ type: "chunk", content: "Alpha began" });
    const gpt = within(dialog).getByRole("article", { name: "GPT-4o" });
    const alpha = within(dialog).getByRole("article", { name: "alpha-7b" });
    await waitFor(() => expect(alpha.textContent).toContain("Alpha began"));
    await user.click(within(dialog).getByRole("button", { name: "Stop" }));
    await waitFor(() => expect(gpt.textContent).toContain("Stopped"));

    await user.click(within(gpt).getByRole("button", { name: "Try again" }));
    again.push({ type: "start", comparisonId: COMPARISON_ID, responseId: responseId(0) });
    again.push({ type: "chunk", content: "Second go" });
    await waitFor(() => expect(gpt.textContent).toContain("Second go"));
    expect(gpt.textContent).not.toContain("Stopped");
    expect(alpha.textContent).toContain("Stopped");
    await user.click(within(dialog).getByRole("button", { name: "Stop" }));
    await waitFor(() => expect(gpt.textContent).toContain("Stopped"));
    expect(alpha.textContent).toContain("Stopped");
    expect(alpha.textContent).toContain("Alpha began");
    expect(server.callsTo(`POST /api/comparisons/${COMPARISON_ID}/stop`)).toHaveLength(2);
  });

  it("Stop that the server does not take says so; the cards keep what arrived", async () => {
    const stream = liveSse();
    const { user, server, dialog } = await openDialog({
      "POST /api/comparisons": () => json(comparisonBody(["gpt-4o"]), { status: 201 }),
      "POST /api/chat-stream": streamsByResponse({ [responseId(0)]: stream.handler }),
      [`POST /api/comparisons/${COMPARISON_ID}/stop`]: () =>
        apiError(404, "NOT_FOUND", "Comparison not found."),
    });
    await user.type(promptBox(dialog), "Hello there");
    await user.click(within(dialog).getByRole("button", { name: "Compare Models" }));
    stream.push({ type: "start", comparisonId: COMPARISON_ID, responseId: responseId(0) });
    stream.push({ type: "chunk", content: "Some words" });
    const gpt = await within(dialog).findByRole("article", { name: "GPT-4o" });
    await waitFor(() => expect(gpt.textContent).toContain("Some words"));
    await user.click(within(dialog).getByRole("button", { name: "Stop" }));
    expect(await screen.findByText("Answers not stopped")).toBeTruthy();
    expect(screen.getByText("Comparison not found.")).toBeTruthy();
    expect(server.callsTo(`GET /api/comparisons/${COMPARISON_ID}`)).toHaveLength(0);
    expect(gpt.textContent).toContain("Some words");
  });

  it("an answer whose connection is lost after it began is followed as stored, to its end", async () => {
    const stream = liveSse();
    let reads = 0;
    const { user, server, dialog } = await openDialog({
      "POST /api/comparisons": () => json(comparisonBody(["gpt-4o"]), { status: 201 }),
      "POST /api/chat-stream": streamsByResponse({ [responseId(0)]: stream.handler }),
      // A draft behind the page first (drafts are stored about once a second), then the whole answer.
      [`GET /api/comparisons/${COMPARISON_ID}`]: () =>
        json(
          comparisonBody(["gpt-4o"], {
            responses: [
              ++reads === 1
                ? { status: "streaming", content: "Some" }
                : {
                    status: "complete",
                    content: "Some words, and the rest.",
                    tokensUsed: 9,
                    responseTimeMs: 900,
                  },
            ],
          }),
        ),
    });
    await user.type(promptBox(dialog), "Hello there");
    await user.click(within(dialog).getByRole("button", { name: "Compare Models" }));
    stream.push({ type: "start", comparisonId: COMPARISON_ID, responseId: responseId(0) });
    stream.push({ type: "chunk", content: "Some words" });
    const gpt = await within(dialog).findByRole("article", { name: "GPT-4o" });
    await waitFor(() => expect(gpt.textContent).toContain("Some words"));

    stream.fail(new TypeError("network error"));
    await waitFor(() => expect(reads).toBe(1), { timeout: 3_000 });
    // Still coming: the card keeps the words it showed, and Stop stays offered.
    expect(gpt.dataset.status).toBe("streaming");
    expect(gpt.textContent).toContain("Some words");
    expect(within(dialog).getByRole("button", { name: "Stop" })).toHaveProperty("disabled", false);
    await waitFor(() => expect(gpt.dataset.status).toBe("complete"), { timeout: 3_000 });
    expect(gpt.textContent).toContain("Some words, and the rest.");
    expect(within(gpt).queryByRole("alert")).toBeNull();
    expect(server.callsTo("POST /api/chat-stream")).toHaveLength(1);
  });

  it("leaving the page leaves the answers to the server, whose saved comparison is offered while they come", async () => {
    const stream = liveSse();
    const { user, server, dialog, router } = await openDialog({
      "POST /api/comparisons": () => json(comparisonBody(["gpt-4o"]), { status: 201 }),
      "POST /api/chat-stream": streamsByResponse({ [responseId(0)]: stream.handler }),
    });
    await user.type(promptBox(dialog), "Hello there");
    await user.click(within(dialog).getByRole("button", { name: "Compare Models" }));
    stream.push({ type: "start", comparisonId: COMPARISON_ID, responseId: responseId(0) });
    const saved = await within(dialog).findByRole("link", { name: "Open saved comparison" });
    expect(saved.getAttribute("href")).toBe(`/dashboard/compare/${COMPARISON_ID}`);
    expect(within(dialog).getByRole("button", { name: "Stop" })).toHaveProperty("disabled", false);

    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Model Comparison" })).toBeNull());
    await router.navigate("/dashboard/chat");
    await waitFor(() => expect(server.callsTo("POST /api/chat-stream")[0]?.signal?.aborted).toBe(true));
    expect(server.callsTo(`POST /api/comparisons/${COMPARISON_ID}/stop`)).toHaveLength(0);
  });

  it("keeps the settings in this browser; metrics can be hidden", async () => {
    const { user, dialog } = await openDialog({
      "POST /api/comparisons": () => json(comparisonBody(["gpt-4o"]), { status: 201 }),
      "POST /api/chat-stream": () => sse([{ type: "chunk", content: "Done." }, completeEvent()]),
    });
    const settings = within(dialog).getByRole("button", { name: "Settings" });
    expect(settings.getAttribute("aria-expanded")).toBe("false");
    await user.click(settings);
    const panel = within(dialog).getByRole("region", { name: "Comparison settings" });
    const metrics = within(panel).getByRole("switch", { name: "Show metrics" });
    expect(metrics.getAttribute("aria-checked")).toBe("true");
    expect(within(panel).getByRole("switch", { name: "Auto-rate" }).getAttribute("aria-checked")).toBe(
      "false",
    );
    await user.click(metrics);
    expect(localStorage.getItem("compare_show_metrics")).toBe("false");

    await user.type(promptBox(dialog), "Hello there");
    await user.click(within(dialog).getByRole("button", { name: "Compare Models" }));
    const gpt = await within(dialog).findByRole("article", { name: "GPT-4o" });
    await waitFor(() => expect(gpt.dataset.status).toBe("complete"));
    expect(within(gpt).queryByLabelText("Metrics")).toBeNull();
    expect(gpt.textContent).not.toContain("Total time");
  });
});
