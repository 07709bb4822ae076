// A search that ends just as its Stop is clicked turns Stop into Search under the pointer; that
// click must not start the question typed meanwhile. Enter in the box still does.
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { SEND_AFTER_STOP_GRACE_MS } from "@/lib/use-stop-grace";
import { SearchForm } from "./search-form";

afterEach(() => vi.restoreAllMocks());

const form = (isSearching: boolean, onSubmit: (query: string) => void, onStop: () => void) => (
  <SearchForm
    value="and what came after?"
    onValueChange={() => {}}
    onSubmit={onSubmit}
    onStop={onStop}
    isSearching={isSearching}
    label="Ask a follow-up"
    placeholder="Ask a follow-up"
    submitLabel="Search"
    size="default"
  />
);

describe("the search box's Stop and Search", () => {
  it("holds a click that lands on Search as Stop gives way, but not Enter, nor a later click", async () => {
    let now = 5_000;
    vi.spyOn(performance, "now").mockImplementation(() => now);
    const onSubmit = vi.fn();
    const onStop = vi.fn();
    const user = userEvent.setup();
    const { rerender } = render(form(true, onSubmit, onStop));
    const stop = screen.getByRole("button", { name: "Stop" });
    await user.click(stop);
    expect(onStop).toHaveBeenCalledTimes(1);

    rerender(form(false, onSubmit, onStop));
    const search = screen.getByRole("button", { name: "Search" });
    expect(search).not.toBe(stop);
    now += SEND_AFTER_STOP_GRACE_MS - 50;
    await user.click(search);
    expect(onSubmit).not.toHaveBeenCalled();

    await user.type(screen.getByRole("searchbox", { name: "Ask a follow-up" }), "{Enter}");
    expect(onSubmit).toHaveBeenCalledTimes(1);

    now += 100;
    await user.click(search);
    expect(onSubmit).toHaveBeenCalledTimes(2);
    expect(onSubmit).toHaveBeenLastCalledWith("and what came after?");
  });
});
