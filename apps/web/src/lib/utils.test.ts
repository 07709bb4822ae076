// The shared formatters: a date format is made when first used, once, not as the module loads (the
// first one in a page costs the browser tens of milliseconds), and writes dates as before.
import { afterEach, describe, expect, it, vi } from "vitest";
import { changeLanguage } from "./i18n";
import { dateFormat, formatCount, formatCurrency, formatDay, formatShortWhen, formatWhen } from "./utils";

afterEach(() => vi.restoreAllMocks());

describe("dateFormat", () => {
  it("makes its formatter on first use and keeps it", () => {
    const Real = Intl.DateTimeFormat;
    const made = vi.spyOn(Intl, "DateTimeFormat").mockImplementation(function (
      ...args: ConstructorParameters<typeof Real>
    ) {
      return new Real(...args);
    });
    const format = dateFormat({ day: "numeric", month: "short", timeZone: "UTC" });
    expect(made).not.toHaveBeenCalled();
    const first = format();
    expect(format()).toBe(first);
    expect(made).toHaveBeenCalledTimes(1);
    expect(made).toHaveBeenCalledWith("en", { day: "numeric", month: "short", timeZone: "UTC" });
    expect(first.format(new Date("2026-11-29T12:00:00Z"))).toMatch(/29/);
  });

  it("writes instants in the app's language", () => {
    const iso = "2026-11-27T10:56:00Z";
    const at = new Date(iso);
    expect(formatDay(iso)).toBe(new Intl.DateTimeFormat("en", { dateStyle: "medium" }).format(at));
    expect(formatWhen(iso)).toBe(
      new Intl.DateTimeFormat("en", { dateStyle: "medium", timeStyle: "short" }).format(at),
    );
    expect(formatShortWhen(iso)).toBe(
      new Intl.DateTimeFormat("en", {
        month: "short",
        day: "numeric",
        hour: "2-digit",
        minute: "2-digit",
      }).format(at),
    );
  });
});

describe("numbers, money and dates follow the language", () => {
  it("writes them in English, then in German once the app is in German", async () => {
    expect(formatCount(32000)).toBe("32,000");
    expect(formatCurrency(12.5)).toBe("$12.50");
    expect(formatDay("2026-11-27T10:56:00Z")).toMatch(/^Nov 27, 2026$/);
    await changeLanguage("de");
    expect(formatCount(32000)).toBe("32.000");
    expect(formatCurrency(12.5)).toBe("12,50\u00a0$");
    expect(formatDay("2026-11-27T10:56:00Z")).toBe("27.11.2026");
    await changeLanguage("ar");
    expect(document.documentElement.dir).toBe("rtl");
    expect(document.documentElement.lang).toBe("ar");
  });
});
