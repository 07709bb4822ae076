import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { json, stubFetch } from "@/testing/fetch-stub";
import { renderApp } from "@/testing/render-app";

const help = {
  articles: [
    {
      slug: "chat-basics",
      title: "Chatting: sending, stopping and attachments",
      body: "Press Enter to send.",
    },
  ],
};

describe("help pages", () => {
  it("shows the article a source links to, and the model directory with its anchors", async () => {
    stubFetch({ "GET /api/public/help": () => json(help) });
    renderApp("/help/chat-basics");
    expect(
      await screen.findByRole("heading", { name: "Chatting: sending, stopping and attachments" }),
    ).toBeTruthy();
    expect(screen.getByText("Press Enter to send.")).toBeTruthy();
  });

  it("lists every catalogue model under /help/models", async () => {
    stubFetch({ "GET /api/public/help": () => json(help) });
    renderApp("/help/models#model-qwen-3");
    expect(await screen.findByRole("heading", { name: "Models" })).toBeTruthy();
    expect(document.getElementById("model-qwen-3")?.textContent).toContain("Qwen 3 Coder");
  });
});
