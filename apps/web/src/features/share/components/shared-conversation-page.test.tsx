import type { SharedConversation } from "@tessera/contracts";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { apiError, json, stubFetch } from "@/testing/fetch-stub";
import { renderApp } from "@/testing/render-app";

const TOKEN = "A".repeat(21) + "_b-c" + "D".repeat(18);

const hostile: SharedConversation = {
  title: "Trip <img src=x onerror=alert(1)>",
  shared_at: "2026-12-01T10:00:00.000Z",
  messages: [
    {
      role: "user",
      content: "Plan <script>window.pwned = 1</script> my trip",
      model: null,
      created_at: "2026-12-01T09:59:00.000Z",
      sources: [],
      images: [{ url: "https://tracker.example/pixel.gif" }, { url: "/files/chat/photo.png" }],
    },
    {
      role: "assistant",
      content:
        'See [the map](javascript:alert(1)) and [Holland](https://holland.example/) [1].\n\n![pixel](https://tracker.example/p.gif)\n\n<iframe src="https://evil.example"></iframe>',
      model: "alpha-7b",
      created_at: "2026-12-01T10:00:00.000Z",
      sources: [
        { title: "Visit Holland", url: "https://holland.example/visit" },
        { title: "Evil", url: "javascript:alert(2)" },
      ],
      images: [],
    },
  ],
};

describe("shared conversation page", () => {
  it("shows a shared conversation signed out, with hostile content inert and nothing from elsewhere", async () => {
    const server = stubFetch({ [`GET /api/shared/${TOKEN}`]: () => json(hostile) });
    const { container } = renderApp(`/share/${TOKEN}`);
    expect(await screen.findByRole("heading", { name: hostile.title, level: 1 })).toBeTruthy();
    const answer = screen.getByRole("article", { name: "Answer" });
    // The markdown renderer arrives after the page.
    await within(answer).findByRole("link", { name: "Holland" });
    expect(within(answer).getByRole("link", { name: "Holland" }).getAttribute("href")).toBe(
      "https://holland.example/",
    );
    expect(within(answer).getByText("the map").closest("a")?.getAttribute("href")).toBe("#");
    expect(
      within(answer)
        .getByRole("link", { name: /Visit Holland/ })
        .getAttribute("href"),
    ).toBe("https://holland.example/visit");
    expect(within(answer).queryByRole("link", { name: /Evil/ })).toBeNull();
    // Raw HTML stays text; no script, frame or outside picture makes it into the page.
    expect(container.querySelector("script, iframe")).toBeNull();
    expect((window as { pwned?: number }).pwned).toBeUndefined();
    const sources = [...container.querySelectorAll("img")].map((img) => img.getAttribute("src"));
    expect(sources).toEqual(["/files/chat/photo.png"]);
    expect(screen.getByText(/Plan <script>/)).toBeTruthy();
    expect(document.querySelector('meta[name="robots"]')?.getAttribute("content")).toContain("noindex");
    // Read without a session: no bearer token goes with it.
    expect(server.callsTo(`GET /api/shared/${TOKEN}`)[0]?.headers.authorization).toBeUndefined();
  });

  it("says plainly when the link was turned off", async () => {
    stubFetch({ [`GET /api/shared/${TOKEN}`]: () => apiError(404, "NOT_FOUND", "Gone") });
    renderApp(`/share/${TOKEN}`);
    expect(await screen.findByRole("heading", { name: "This link does not work" })).toBeTruthy();
  });
});
