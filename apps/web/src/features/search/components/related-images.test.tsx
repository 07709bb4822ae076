import { IMAGE_PROXY_PATH } from "@tessera/contracts";
import { fireEvent, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { RelatedImages } from "./related-images";

const images = Array.from({ length: 14 }, (_, i) => ({
  url: `https://pictures.example/${i + 1}.jpg`,
  alt: `Lighthouse ${i + 1}`,
}));

const grid = () => within(screen.getByRole("region", { name: "Related images" }));

describe("related images", () => {
  it("shows at most twelve, each through the image proxy", () => {
    render(<RelatedImages images={images} />);
    const buttons = grid().getAllByRole("button");
    expect(buttons).toHaveLength(12);
    const src = buttons[0]!.querySelector("img")!.getAttribute("src")!;
    expect(src).toBe(`${IMAGE_PROXY_PATH}?url=${encodeURIComponent("https://pictures.example/1.jpg")}`);
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
