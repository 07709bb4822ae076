import { fireEvent, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { RelatedImages } from "./related-images";

/** The signed proxy address the server gives each picture. */
const signed = (n: number) =>
  `/api/image-proxy?url=${encodeURIComponent(`https://pictures.example/${n}.jpg`)}&exp=1900000000&sig=s${n}`;
const images = Array.from({ length: 14 }, (_, i) => ({
  url: `https://pictures.example/${i + 1}.jpg`,
  alt: `Lighthouse ${i + 1}`,
  src: signed(i + 1),
}));

const grid = () => within(screen.getByRole("region", { name: "Related images" }));

describe("related images", () => {
  it("shows at most twelve, each from the signed image-proxy address the server gave", () => {
    render(<RelatedImages images={images} />);
    const buttons = grid().getAllByRole("button");
    expect(buttons).toHaveLength(12);
    expect(buttons.map((b) => b.querySelector("img")!.getAttribute("src"))).toEqual(
      images.slice(0, 12).map((image) => image.src),
    );
  });

  it("never asks the proxy for an unsigned address (which an <img> cannot load), nor a remote host", () => {
    render(
      <RelatedImages
        images={[
          { url: "https://pictures.example/a.jpg", alt: "Unsigned" },
          { url: "https://pictures.example/b.jpg", alt: "Remote", src: "https://pictures.example/b.jpg" },
          { url: "https://pictures.example/c.jpg", alt: "Signed", src: signed(3) },
        ]}
      />,
    );
    expect(
      grid()
        .getAllByRole("img")
        .map((img) => img.getAttribute("src")),
    ).toEqual([signed(3)]);
  });

  it("opens one in a lightbox; arrows, Next and Previous move through them and Esc closes", async () => {
    const user = userEvent.setup();
    render(<RelatedImages images={images} />);
    await user.click(grid().getByRole("button", { name: "Open image 3 of 12: Lighthouse 3" }));
    const dialog = await screen.findByRole("dialog", { name: "Lighthouse 3" });
    expect(within(dialog).getByText("Image 3 of 12")).toBeTruthy();

    await user.keyboard("{ArrowRight}");
    expect(within(dialog).getByText("Image 4 of 12")).toBeTruthy();
    expect(within(dialog).getByRole("img", { name: "Lighthouse 4" })).toBeTruthy();
    await user.click(within(dialog).getByRole("button", { name: "Next image" }));
    expect(within(dialog).getByText("Image 5 of 12")).toBeTruthy();
    await user.keyboard("{ArrowLeft}");
    await user.click(within(dialog).getByRole("button", { name: "Previous image" }));
    expect(within(dialog).getByText("Image 3 of 12")).toBeTruthy();

    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("an image that fails to load hides itself, and the section goes when none is left", () => {
    render(<RelatedImages images={images.slice(0, 2)} />);
    const [first] = grid().getAllByRole("img");
    fireEvent.error(first!);
    expect(grid().getAllByRole("button")).toHaveLength(1);
    fireEvent.error(grid().getByRole("img"));
    expect(screen.queryByRole("region", { name: "Related images" })).toBeNull();
  });
});
