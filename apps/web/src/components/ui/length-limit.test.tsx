// The character count under a long text, and what to do over the limit, in the reader's language.
import { render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { changeLanguage } from "@/lib/i18n";
import { LengthNote } from "./length-limit";

afterEach(() => changeLanguage("en"));

const limit = (length: number) => ({
  id: "note",
  length,
  max: 10_000,
  shown: true,
  tooLong: length > 10_000,
});

describe("LengthNote", () => {
  it("counts and warns in English", () => {
    const { rerender } = render(<LengthNote limit={limit(9_100)} verb="save" />);
    expect(screen.getByText("9,100 / 10,000 characters")).toBeTruthy();
    rerender(<LengthNote limit={limit(10_234)} verb="send" />);
    expect(
      screen.getByText("Too long to send: 10,234 of 10,000 characters. Shorten it to send it."),
    ).toBeTruthy();
  });

  it("counts and warns in German, numbers written the German way", async () => {
    await changeLanguage("de");
    const { rerender } = render(<LengthNote limit={limit(9_100)} verb="save" />);
    expect(screen.getByText("9.100 / 10.000 Zeichen")).toBeTruthy();
    rerender(<LengthNote limit={limit(10_234)} verb="save" />);
    expect(
      screen.getByText(
        "Zu lang zum Speichern: 10.234 von 10.000 Zeichen. Kürzen Sie den Text, um ihn zu speichern.",
      ),
    ).toBeTruthy();
  });
});
