import type { AuditEvent, AuditPage } from "@tessera/contracts";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { catchDownloads } from "@/testing/downloads";
import { json, stubFetch } from "@/testing/fetch-stub";
import { renderApp } from "@/testing/render-app";
import { sessionBody, storeSession, testUser } from "@/testing/session";

const admin = { ...testUser, role: "admin" };

const event = (n: number, over: Partial<AuditEvent> = {}): AuditEvent => ({
  id: `e${n}`,
  at: "2026-12-01T10:00:00.000Z",
  actorId: "u1",
  actorEmail: "ada@example.com",
  ip: "203.0.113.7",
  action: "auth.sign_in",
  targetType: null,
  targetId: null,
  changes: null,
  ...over,
});

const page: AuditPage = {
  events: [
    event(1, { action: "user.banned", targetType: "user", targetId: "user-2", changes: { reason: "Spam" } }),
    event(2, { actorEmail: null, actorId: null, ip: null, action: "auth.sign_in_failed" }),
  ],
  page: 1,
  pageSize: 50,
  total: 51,
  retentionDays: 365,
};

let downloads: ReturnType<typeof catchDownloads> | null = null;
afterEach(() => {
  downloads?.restore();
  downloads = null;
});

describe("Admin → Audit log", () => {
  it("lists events, filters them on the server, pages and exports what the filters match", async () => {
    storeSession({ user: admin });
    const server = stubFetch({
      "GET /api/auth/get-session": () => json(sessionBody("stored-token", admin)),
      "POST /api/track-event": () => new Response(null, { status: 204 }),
      "GET /api/admin/audit": () => json(page),
      "GET /api/admin/audit.csv": () =>
        new Response("time,actor_email\r\n", {
          headers: {
            "content-type": "text/csv",
            "content-disposition": 'attachment; filename="tessera-audit-2026-12-05.csv"',
          },
        }),
    });
    const saved = (downloads = catchDownloads()).saved;
    renderApp("/dashboard/admin/audit");
    const table = await screen.findByRole("table", { name: "Audit log" });
    const banned = within(table).getByRole("row", { name: /User banned/ });
    for (const text of ["ada@example.com", "user: user-2", "203.0.113.7", "reason: Spam"])
      expect(within(banned).getByText(text)).toBeTruthy();
    expect(
      within(within(table).getByRole("row", { name: /Sign-in failed/ })).getByText("System"),
    ).toBeTruthy();
    expect(screen.getByText(/Events are kept for 365 days/)).toBeTruthy();

    const filters = screen.getByRole("form", { name: "Filter the audit log" });
    await userEvent.click(within(filters).getByLabelText("Action"));
    await userEvent.click(await screen.findByRole("option", { name: "User banned" }));
    await userEvent.type(within(filters).getByLabelText("Actor"), "ada@");
    await userEvent.type(within(filters).getByLabelText("From"), "11/01/2026");
    await userEvent.click(within(filters).getByRole("button", { name: "Filter" }));
    await waitFor(() => expect(server.callsTo("GET /api/admin/audit")).toHaveLength(2));
    const query = server.callsTo("GET /api/admin/audit")[1]!.query;
    expect([
      query.get("action"),
      query.get("actor"),
      query.get("from"),
      query.get("to"),
      query.get("page"),
    ]).toEqual(["user.banned", "ada@", "2026-11-01", null, "1"]);

    await userEvent.click(screen.getByRole("button", { name: "Next" }));
    await waitFor(() => expect(server.callsTo("GET /api/admin/audit").at(-1)!.query.get("page")).toBe("2"));

    await userEvent.click(screen.getByRole("button", { name: "Export CSV" }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.name).toBe("tessera-audit-2026-12-05.csv");
    expect(await saved[0]!.text).toBe("time,actor_email\r\n");
    const csv = server.callsTo("GET /api/admin/audit.csv")[0]!.query;
    expect([csv.get("action"), csv.get("actor"), csv.get("page")]).toEqual(["user.banned", "ada@", null]);
  });

  it("is closed to everyone else", async () => {
    storeSession();
    const server = stubFetch({ "GET /api/auth/get-session": () => json(sessionBody()) });
    renderApp("/dashboard/admin/audit");
    expect(
      await screen.findByText("Only administrators of this instance can read the audit log."),
    ).toBeTruthy();
    expect(server.callsTo("GET /api/admin/audit")).toHaveLength(0);
  });
});
