import type { OutboxMessage, OutboxPage } from "@tessera/contracts";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { json, stubFetch } from "@/testing/fetch-stub";
import { renderApp } from "@/testing/render-app";
import { sessionBody, storeSession, testUser } from "@/testing/session";

const admin = { ...testUser, role: "admin" };
const LINK = "http://localhost:3000/api/auth/verify-email?token=abc&callbackURL=%2F";
const message = (n: number, over: Partial<OutboxMessage> = {}): OutboxMessage => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  to: `person${n}@example.com`,
  kind: "verify-email",
  subject: "Confirm your Tessera account",
  link: LINK,
  status: "outbox",
  error: null,
  createdAt: `2026-12-0${n}T10:00:00Z`,
  ...over,
});

describe("Admin → Mail", () => {
  it("lists the outbox for an admin, says no mail is sent, copies a link and pages down", async () => {
    storeSession({ user: admin });
    const first: OutboxPage = {
      messages: [message(3), message(2, { status: "sent", link: null })],
      mailConfigured: false,
      next: message(2).id,
    };
    const older: OutboxPage = { messages: [message(1)], mailConfigured: false, next: null };
    const server = stubFetch({
      "GET /api/auth/get-session": () => json(sessionBody("stored-token", admin)),
      "GET /api/admin/mail": (req) => json(req.query.get("before") ? older : first),
      "POST /api/track-event": () => new Response(null, { status: 204 }),
    });
    const user = userEvent.setup();
    renderApp("/dashboard/admin/mail");

    expect(await screen.findByRole("heading", { name: "Mail", level: 1 })).toBeTruthy();
    expect(await screen.findByText("This server sends no mail")).toBeTruthy();
    const list = screen.getByRole("list", { name: "Messages" });
    expect(within(list).getAllByRole("listitem")).toHaveLength(2);
    expect(within(list).getByText("person3@example.com")).toBeTruthy();
    expect(within(list).getByText("Not sent")).toBeTruthy();
    expect(within(list).getByText("Sent")).toBeTruthy();
    expect(within(list).getByText(LINK)).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Copy the link for person3@example.com" }));
    // user-event stands in for the clipboard.
    expect(await navigator.clipboard.readText()).toBe(LINK);

    await user.click(screen.getByRole("button", { name: "Show older mail" }));
    expect(await within(list).findByText("person1@example.com")).toBeTruthy();
    expect(server.callsTo("GET /api/admin/mail").at(-1)?.query.get("before")).toBe(message(2).id);
    expect(screen.queryByRole("button", { name: "Show older mail" })).toBeNull();
    const nav = screen.getByRole("navigation", { name: "Main" });
    expect(within(nav).getByRole("link", { name: "Mail" }).getAttribute("href")).toBe(
      "/dashboard/admin/mail",
    );
  });

  it("is closed to everyone else, and has no sidebar entry for them", async () => {
    storeSession();
    const server = stubFetch({ "GET /api/auth/get-session": () => json(sessionBody()) });
    renderApp("/dashboard/admin/mail");
    expect(await screen.findByText("Only administrators of this instance can read its mail.")).toBeTruthy();
    const nav = screen.getByRole("navigation", { name: "Main" });
    expect(within(nav).queryByRole("link", { name: "Mail" })).toBeNull();
    expect(server.callsTo("GET /api/admin/mail")).toHaveLength(0);
  });
});
