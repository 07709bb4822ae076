// A model not enabled for want of a connection: members read why; an instance admin also gets a
// link to Connections, in the picker and under the message box.
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { json, stubFetch } from "@/testing/fetch-stub";
import { keylessModelsBody } from "@/testing/models-body";
import { renderApp } from "@/testing/render-app";
import { sessionBody, storeSession, testUser } from "@/testing/session";

async function openPicker(user: typeof testUser) {
  storeSession({ user });
  stubFetch({
    "GET /api/auth/get-session": () => json(sessionBody("stored-token", user)),
    "GET /api/models": () => json(keylessModelsBody),
    "GET /api/conversations": () => json([]),
    "POST /api/track-event": () => new Response(null, { status: 204 }),
  });
  localStorage.setItem(`tessera.connect-model.dismissed:${user.id}`, "1");
  renderApp("/dashboard/chat?model=gpt-5");
  // Under the message box, before the picker hides the page from assistive technology.
  const note = await screen.findByText(/GPT-5 is unavailable: Not enabled on this server\./);
  const composerLink = within(note).queryByRole("link", { name: "Connect a provider" });
  await userEvent.click(screen.getByRole("button", { name: /^Choose model: / }));
  return { picker: await screen.findByRole("dialog", { name: "Select AI Model" }), composerLink };
}

describe("a model that is not connected", () => {
  it("reads Not enabled on this server for a member, with no link and no variable", async () => {
    const { picker, composerLink } = await openPicker(testUser);
    const [gpt5] = within(picker).getAllByRole("button", { name: /^GPT-5\b/ });
    expect(gpt5!.textContent).toContain("Not enabled on this server.");
    expect(within(picker).queryByRole("link", { name: "Connect" })).toBeNull();
    expect(picker.textContent).not.toMatch(/[A-Z]+_[A-Z_]+/);
    expect(composerLink).toBeNull();
  });

  it("links an instance admin to Connections", async () => {
    const { picker, composerLink } = await openPicker({ ...testUser, role: "admin" });
    const links = within(picker).getAllByRole("link", { name: "Connect" });
    expect(links.length).toBeGreaterThan(10);
    expect(links[0]!.getAttribute("href")).toBe("/dashboard/admin/connections");
    expect(composerLink?.getAttribute("href")).toBe("/dashboard/admin/connections");
  });
});
