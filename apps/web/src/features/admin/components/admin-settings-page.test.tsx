import type { InstanceSettings } from "@tessera/contracts";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { apiError, json, STUB_PUBLIC_CONFIG, stubFetch } from "@/testing/fetch-stub";
import { renderApp } from "@/testing/render-app";
import { sessionBody, storeSession, testUser } from "@/testing/session";

const admin = { ...testUser, role: "admin" };

const stored: InstanceSettings = {
  registration: "open",
  allowedDomains: ["example.com"],
  defaultPlan: "core",
  instanceName: null,
  updatedAt: null,
};

function signedInAdmin(routes: Parameters<typeof stubFetch>[0] = {}) {
  storeSession({ user: admin });
  return stubFetch({
    "GET /api/auth/get-session": () => json(sessionBody("stored-token", admin)),
    "POST /api/track-event": () => new Response(null, { status: 204 }),
    "GET /api/admin/settings": () => json(stored),
    ...routes,
  });
}

describe("Admin → Instance settings", () => {
  it("saves the name, who may sign up, the domains and the plan, and the sidebar shows the name", async () => {
    let name: string | null = null;
    const server = signedInAdmin({
      "GET /api/public/config": () => json({ ...STUB_PUBLIC_CONFIG, instanceName: name }),
      "PATCH /api/admin/settings": (req) => {
        name = (req.body as { instanceName: string | null }).instanceName;
        return json({
          ...stored,
          registration: "invite",
          instanceName: name,
          updatedAt: "2026-12-05T10:00:00.000Z",
        });
      },
    });
    renderApp("/dashboard/admin/settings");
    const domains = await screen.findByLabelText<HTMLInputElement>("Allowed email domains");
    expect(domains.value).toBe("example.com");
    expect(screen.getByRole<HTMLInputElement>("radio", { name: /Open to anyone/ }).checked).toBe(true);

    await userEvent.type(screen.getByLabelText("Instance name"), "Acme Research");
    await userEvent.click(screen.getByRole("radio", { name: /Invite only/ }));
    await userEvent.type(domains, ", Example.org");
    await userEvent.click(screen.getByLabelText("Plan for new people"));
    await userEvent.click(await screen.findByRole("option", { name: "Pro" }));
    await userEvent.click(screen.getByRole("button", { name: "Save settings" }));

    await waitFor(() => expect(server.callsTo("PATCH /api/admin/settings")).toHaveLength(1));
    expect(server.callsTo("PATCH /api/admin/settings")[0]!.body).toEqual({
      instanceName: "Acme Research",
      registration: "invite",
      allowedDomains: ["example.com", "Example.org"],
      defaultPlan: "pro",
    });
    const nav = document.querySelector<HTMLElement>('[data-sidebar="sidebar"]')!;
    expect(await within(nav).findByText("Acme Research")).toBeTruthy();
    expect(await screen.findByText(/^Last changed/)).toBeTruthy();
  });

  it("shows the server's refusal in place", async () => {
    signedInAdmin({
      "PATCH /api/admin/settings": () =>
        apiError(400, "VALIDATION_FAILED", "Enter domains such as example.com."),
    });
    renderApp("/dashboard/admin/settings");
    await userEvent.type(await screen.findByLabelText("Allowed email domains"), ", not a domain");
    await userEvent.click(screen.getByRole("button", { name: "Save settings" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Enter domains such as example.com.");
  });

  it("is closed to everyone else", async () => {
    storeSession();
    const server = stubFetch({ "GET /api/auth/get-session": () => json(sessionBody()) });
    renderApp("/dashboard/admin/settings");
    expect(
      await screen.findByText("Only administrators of this instance can change its settings."),
    ).toBeTruthy();
    expect(server.callsTo("GET /api/admin/settings")).toHaveLength(0);
  });
});
