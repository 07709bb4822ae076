// The shared formatters: a date format is made when first used, once, not as the module loads (the
// first one in a page costs the browser tens of milliseconds), and writes dates as before.
import { afterEach, describe, expect, it, vi } from "vitest";
import { dateFormat, formatDay, formatShortWhen, formatWhen } from "./utils";

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
    expect(made).toHaveBeenCalledWith(undefined, { day: "numeric", month: "short", timeZone: "UTC" });
    expect(first.format(new Date("2026-11-29T12:00:00Z"))).toMatch(/29/);
  });

  it("writes instants as the reader's locale does", () => {
    const iso = "2026-11-27T10:56:00Z";
    const at = new Date(iso);
    expect(formatDay(iso)).toBe(new Intl.DateTimeFormat(undefined, { dateStyle: "medium" }).format(at));
    expect(formatWhen(iso)).toBe(
      new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" }).format(at),
    );
    expect(formatShortWhen(iso)).toBe(
      new Intl.DateTimeFormat(undefined, {
        month: "short",
        day: "numeric",
        hour: "2-digit",
        minute: "2-digit",
      }).format(at),
    );
  });
});
