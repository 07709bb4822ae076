// A day field written and read in the app's language, whatever the browser's.
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { changeLanguage } from "@/lib/i18n";
import { DateField, formatDay, parseDay } from "./date-field";

afterEach(() => changeLanguage("en"));

describe("parseDay and formatDay", () => {
  it("read a day in each language's order of figures, and write it back the same way", () => {
    const cases: [string, string, string][] = [
      ["en", "12/31/2026", "2026-12-31"],
      ["de", "31.12.2026", "2026-12-31"],
      ["fr", "31/12/2026", "2026-12-31"],
      ["pt-BR", "31/12/2026", "2026-12-31"],
      ["ja", "2026/12/31", "2026-12-31"],
      ["zh-CN", "2026/12/31", "2026-12-31"],
    ];
    for (const [locale, text, iso] of cases) {
      expect(parseDay(text, locale), locale).toBe(iso);
      expect(formatDay(iso, locale), locale).toBe(text);
    }
    // Arabic puts right-to-left marks between the figures (Arabic-Indic ones, where the runtime
    // writes those: the next test).
    const arabic = formatDay("2026-12-31", "ar");
    expect(arabic).toMatch(/^[^\d\u0660-\u0669]*(31|٣١)\u200f/);
    expect(parseDay(arabic, "ar")).toBe("2026-12-31");
  });

  it("takes other separators, short figures, a two-digit year and YYYY-MM-DD in every language", () => {
    expect(parseDay("1.2.26", "de")).toBe("2026-02-01");
    expect(parseDay("1 2 2026", "en")).toBe("2026-01-02");
    expect(parseDay("2026-02-01", "de")).toBe("2026-02-01");
    expect(parseDay("٣١/١٢/٢٠٢٦", "ar")).toBe("2026-12-31");
  });

  it("refuses what is no calendar day", () => {
    for (const text of ["31.02.2026", "13/13/2026", "2026", "1.2", "1.2.3.4", "abc", "1.2.202"])
      expect(parseDay(text, "de"), text).toBeNull();
  });
});

function Field({ min, start = "", sent }: { min?: string; start?: string; sent?: (day: string) => void }) {
  const [value, setValue] = useState(start);
  return (
    <form
      aria-label="Range"
      onSubmit={(e) => {
        e.preventDefault();
        sent?.(value);
      }}
    >
      <DateField label="From" value={value} onChange={setValue} min={min} />
      <output aria-label="Chosen">{value}</output>
      <button type="button" onClick={() => setValue("2026-01-15")}>
        Preset
      </button>
      <button type="submit">Show</button>
    </form>
  );
}

describe("DateField", () => {
  it("shows and takes a day the German way in a German app", async () => {
    await changeLanguage("de");
    render(<Field start="2026-11-01" />);
    const input = screen.getByLabelText<HTMLInputElement>("From");
    expect(input.value).toBe("01.11.2026");
    expect(input.placeholder).toBe("31.12.2026");
    await userEvent.clear(input);
    await userEvent.type(input, "5.12.2026");
    expect(screen.getByLabelText("Chosen").textContent).toBe("2026-12-05");
    // The typed text stays as typed; a day set from outside is written the German way.
    expect(input.value).toBe("5.12.2026");
    await userEvent.click(screen.getByRole("button", { name: "Preset" }));
    expect(input.value).toBe("15.01.2026");
    expect(screen.getByRole("button", { name: "Datum auswählen", description: "From" })).toBeTruthy();
  });

  it("holds the form back while the text is no day, and says why once left", async () => {
    const sent: string[] = [];
    render(<Field start="2026-11-01" sent={(day) => sent.push(day)} />);
    const input = screen.getByLabelText<HTMLInputElement>("From");
    await userEvent.tripleClick(input);
    await userEvent.type(input, "02/31/2026");
    // Not while typing: half a date is no mistake yet.
    expect(screen.queryByText(/Enter a date like/)).toBeNull();
    expect(input.checkValidity()).toBe(false);
    // The last good day stays, but the form is not sent with it.
    expect(screen.getByLabelText("Chosen").textContent).toBe("2026-11-01");
    await userEvent.click(screen.getByRole("button", { name: "Show" }));
    expect(sent).toEqual([]);
    expect(screen.getByText("Enter a date like 12/31/2026.")).toBeTruthy();
    expect(input.getAttribute("aria-invalid")).toBe("true");
    await userEvent.clear(input);
    await userEvent.type(input, "2/28/2026");
    expect(screen.queryByText(/Enter a date like/)).toBeNull();
    await userEvent.click(screen.getByRole("button", { name: "Show" }));
    expect(sent).toEqual(["2026-02-28"]);
  });

  it("refuses a day before its first allowed one", async () => {
    render(<Field min="2030-01-01" />);
    const input = screen.getByLabelText<HTMLInputElement>("From");
    await userEvent.type(input, "12/31/2029");
    await userEvent.tab();
    expect(screen.getByText("Enter a date like 01/01/2030.")).toBeTruthy();
    expect(screen.getByLabelText("Chosen").textContent).toBe("");
    await userEvent.clear(input);
    await userEvent.type(input, "01/02/2030");
    expect(screen.getByLabelText("Chosen").textContent).toBe("2030-01-02");
  });
});
