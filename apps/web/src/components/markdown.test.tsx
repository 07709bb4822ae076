import { render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { Markdown } from "./markdown";

function renderMarkdown(text: string, sources?: { url: string; title?: string }[]) {
  const router = createMemoryRouter([{ path: "*", element: <Markdown sources={sources}>{text}</Markdown> }]);
  render(<RouterProvider router={router} />);
}

describe("markdown", () => {
  it("renders GitHub-flavoured markdown", () => {
    renderMarkdown("**bold** and ~~gone~~\n\n| a | b |\n| - | - |\n| 1 | 2 |");
    expect(screen.getByText("bold").tagName).toBe("STRONG");
    expect(screen.getByText("gone").tagName).toBe("DEL");
    expect(screen.getByRole("table")).toBeTruthy();
  });

  it("turns javascript: and other schemes into an inert '#'", () => {
    renderMarkdown("[click](javascript:alert(1)) [data](data:text/html,hi) [mail](mailto:a@b.c)");
    expect(screen.getByRole("link", { name: "click" }).getAttribute("href")).toBe("#");
    expect(screen.getByRole("link", { name: "click" }).getAttribute("target")).toBeNull();
    expect(screen.getByRole("link", { name: "data" }).getAttribute("href")).toBe("#");
    expect(screen.getByRole("link", { name: "mail" }).getAttribute("href")).toBe("mailto:a@b.c");
  });

  it("opens web links in a new tab and keeps in-app links in the app", () => {
    renderMarkdown("[web](https://example.com) and [help](/help/chat-basics)");
    const web = screen.getByRole("link", { name: "web" });
    expect(web.getAttribute("target")).toBe("_blank");
    expect(web.getAttribute("rel")).toBe("noopener noreferrer");
    const help = screen.getByRole("link", { name: "help" });
    expect(help.getAttribute("href")).toBe("/help/chat-basics");
    expect(help.getAttribute("target")).toBeNull();
  });

  it("shows citation markers as small numbers, but not inside code", () => {
    const { container } = render(<Markdown>{"Pick Qwen [1], or `arr[2]`."}</Markdown>);
    expect(container.querySelector("sup.citation")?.textContent).toBe("1");
    expect(container.querySelectorAll("sup.citation")).toHaveLength(1);
    expect(container.querySelector("code")?.textContent).toBe("arr[2]");
  });

  it("links each citation to its source by the same link rules, and leaves unknown ones plain", () => {
    renderMarkdown("Tides [1], handbook [2], trick [3] and more [4], but `x[1]`.", [
      { url: "https://tides.example/kestrel", title: "Kestrel tides" },
      { url: "/dashboard/documents/d1", title: "Handbook" },
      { url: "javascript:alert(1)", title: "Trick" },
    ]);
    const web = screen.getByRole("link", { name: "1" });
    expect(web.getAttribute("href")).toBe("https://tides.example/kestrel");
    expect(web.getAttribute("target")).toBe("_blank");
    expect(web.getAttribute("title")).toBe("Kestrel tides");
    expect(web.querySelector("sup.citation")).toBeTruthy();
    expect(screen.getByRole("link", { name: "2" }).getAttribute("href")).toBe("/dashboard/documents/d1");
    expect(screen.getByRole("link", { name: "3" }).getAttribute("href")).toBe("#");
    expect(screen.queryByRole("link", { name: "4" })).toBeNull();
    expect(screen.getByText("4").tagName).toBe("SUP");
    expect(screen.getAllByRole("link")).toHaveLength(3);
  });
});
