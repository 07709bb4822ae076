import type { SearchSource } from "@tessera/contracts";
import { fireEvent, render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { SourceCard } from "./source-card";

/** The signed proxy address the server gives a picture. */
const signed = (url: string) => `/api/image-proxy?url=${encodeURIComponent(url)}&exp=1900000000&sig=abc`;

const web: SearchSource = {
  title: "Coastal lights of the north",
  url: "https://lights.example/farrow-point",
  snippet: "The **lamp** is lit at dusk.",
  domain: "lights.example",
  favicon: "https://lights.example/favicon.ico",
  thumbnail: "https://lights.example/tower.jpg",
  faviconSrc: signed("https://lights.example/favicon.ico"),
  thumbnailSrc: signed("https://lights.example/tower.jpg"),
  note: "Not read in full: the page is too large.",
};

function renderCard(source: SearchSource) {
  const { container } = render(
    <MemoryRouter>
      <ol>
        <SourceCard source={source} index={1} />
      </ol>
    </MemoryRouter>,
  );
  return { card: within(screen.getByRole("listitem")), container };
}

describe("a source card", () => {
  it("shows its number, domain, title link, highlighted snippet and why deep crawl skipped it", () => {
    const { card } = renderCard(web);
    expect(card.getByText("2")).toBeTruthy();
    expect(card.getByText("lights.example")).toBeTruthy();
    const link = card.getByRole("link", { name: "Coastal lights of the north" });
    expect(link.getAttribute("href")).toBe(web.url);
    expect(link.getAttribute("target")).toBe("_blank");
    expect(card.getByText("lamp").tagName).toBe("STRONG");
    expect(card.getByText("Not read in full: the page is too large.")).toBeTruthy();
  });

  it("loads the favicon and thumbnail from their signed proxy addresses, and falls back when they fail", () => {
    const { container } = renderCard(web);
    const images = [...container.querySelectorAll("img")];
    expect(images.map((img) => img.getAttribute("src"))).toEqual([web.faviconSrc, web.thumbnailSrc]);
    images.forEach((img) => fireEvent.error(img));
    expect(container.querySelectorAll("img")).toHaveLength(0);
    // The domain's first letter stands in for the favicon.
    expect(screen.getByText("L")).toBeTruthy();
  });

  it("requests no picture the server did not sign: an <img> has no bearer token to send", () => {
    const { container } = renderCard({ ...web, faviconSrc: undefined, thumbnailSrc: undefined });
    expect(container.querySelector("img")).toBeNull();
  });

  it("a document of the workspace is an in-app link with a page icon and no favicon request", () => {
    const { card, container } = renderCard({
      title: "Lighthouse keeping handbook",
      url: "/dashboard/documents/d1",
      snippet: "",
      domain: "tessera.local",
      favicon: "https://elsewhere.example/icon.png",
      faviconSrc: signed("https://elsewhere.example/icon.png"),
    });
    expect(card.getByText("Your documents")).toBeTruthy();
    expect(card.getByRole("link", { name: "Lighthouse keeping handbook" }).getAttribute("target")).toBeNull();
    expect(container.querySelector("img")).toBeNull();
  });

  it("a link with an unsafe scheme is not a link", () => {
    const { card } = renderCard({ title: "Trap", url: "javascript:alert(1)", snippet: "", domain: "" });
    expect(card.queryByRole("link")).toBeNull();
    expect(card.getByText("Trap")).toBeTruthy();
  });
});
