import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { json, stubFetch } from "@/testing/fetch-stub";
import { keylessModelsBody } from "@/testing/models-body";
import { SpecializedModelsSelect } from "./specialized-models-select";

const local = keylessModelsBody.groups.flatMap((g) => g.models).find((m) => m.id === "tessera-local")!;

function renderSelect() {
  stubFetch({ "GET /api/models": () => json(keylessModelsBody) });
  const onSelect = vi.fn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <SpecializedModelsSelect onSelect={onSelect} />
    </QueryClientProvider>,
  );
  return onSelect;
}

describe("the welcome screen's model select", () => {
  it("opens on the first press, before its listbox code has loaded, and chooses a model", async () => {
    const onSelect = renderSelect();
    const user = userEvent.setup();
    const trigger = await screen.findByRole("combobox", { name: "Specialized model" });
    await vi.waitFor(() => expect((trigger as HTMLButtonElement).disabled).toBe(false));
    await user.click(trigger);
    await user.click(await screen.findByRole("option", { name: new RegExp(local.name) }));
    expect(onSelect).toHaveBeenCalledWith("tessera-local");
  });

  it("opens from the keyboard, focus moving into the list", async () => {
    const onSelect = renderSelect();
    const user = userEvent.setup();
    const trigger = await screen.findByRole("combobox", { name: "Specialized model" });
    await vi.waitFor(() => expect((trigger as HTMLButtonElement).disabled).toBe(false));
    await user.tab();
    await vi.waitFor(() =>
      expect(document.activeElement?.getAttribute("aria-label")).toBe("Specialized model"),
    );
    await user.keyboard("{Enter}");
    const listbox = await screen.findByRole("listbox");
    await vi.waitFor(() => expect(listbox.contains(document.activeElement)).toBe(true));
    expect(onSelect).not.toHaveBeenCalled();
  });
});
