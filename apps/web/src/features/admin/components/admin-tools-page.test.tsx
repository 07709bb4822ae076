import type { McpServer } from "@tessera/contracts";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { json, stubFetch } from "@/testing/fetch-stub";
import { renderApp } from "@/testing/render-app";
import { sessionBody, storeSession, testUser } from "@/testing/session";

const admin = { ...testUser, role: "admin" };
const TOOLS = [
  { name: "echo", description: "Says back what it is given." },
  { name: "hang", description: "Never answers." },
];

const serverOf = (body: Record<string, unknown>, disabled: string[] = []): McpServer => ({
  id: "11111111-1111-4111-8111-111111111111",
  name: body.name as string,
  scope: "instance",
  teamId: null,
  transport: "streamable-http",
  url: body.url as string,
  command: null,
  args: [],
  headerNames: Object.keys((body.headers as Record<string, string> | undefined) ?? {}),
  requireApproval: true,
  disabledTools: disabled,
  oauth: false,
  tools: TOOLS.map((t) => ({ ...t, enabled: !disabled.includes(t.name) })),
  state: { status: "connected", toolCount: TOOLS.length },
  createdAt: "2026-12-05T10:00:00Z",
});

describe("Admin → Tools", () => {
  it("adds a server with a header, shows it connected with its tools, and switches one off", async () => {
    storeSession({ user: admin });
    let stored: McpServer | null = null;
    const failing: McpServer = {
      ...serverOf({ name: "Old", url: "https://old.example.com/mcp" }),
      id: "22222222-2222-4222-8222-222222222222",
      tools: [],
      state: { status: "failing", error: "The server did not answer within 10 s." },
    };
    const server = stubFetch({
      "GET /api/auth/get-session": () => json(sessionBody("stored-token", admin)),
      "GET /api/admin/mcp-servers": () => json(stored ? [failing, stored] : [failing]),
      "POST /api/admin/mcp-servers": (req) => {
        stored = serverOf(req.body as Record<string, unknown>);
        return json(stored, { status: 201 });
      },
      "PATCH /api/admin/mcp-servers/11111111-1111-4111-8111-111111111111": (req) => {
        const body = req.body as { disabledTools: string[] };
        stored = serverOf(
          { name: stored!.name, url: stored!.url, headers: { Authorization: "" } },
          body.disabledTools,
        );
        return json(stored);
      },
      "POST /api/track-event": () => new Response(null, { status: 204 }),
    });
    const user = userEvent.setup();
    renderApp("/dashboard/admin/tools");

    expect(await screen.findByRole("heading", { name: "Tools", level: 1 })).toBeTruthy();
    expect(await screen.findByText("The server did not answer within 10 s.")).toBeTruthy();
    expect(screen.getByText("Failing")).toBeTruthy();

    await user.click(screen.getByRole("button", { name: "Add MCP server" }));
    const form = await screen.findByRole("form", { name: "Add MCP server" });
    await user.type(within(form).getByLabelText("Name"), "Loopback");
    await user.type(within(form).getByLabelText("Address"), "https://mcp.example.com/mcp");
    await user.click(within(form).getByRole("button", { name: "Add header" }));
    await user.type(within(form).getByLabelText("Header name"), "Authorization");
    await user.type(within(form).getByLabelText("Value of Authorization"), "Bearer s3cret");
    await user.click(within(form).getByRole("button", { name: "Add server" }));

    expect(await screen.findByText("Connected · 2 tools")).toBeTruthy();
    expect(server.callsTo("POST /api/admin/mcp-servers").at(-1)?.body).toEqual({
      name: "Loopback",
      transport: "streamable-http",
      url: "https://mcp.example.com/mcp",
      headers: { Authorization: "Bearer s3cret" },
      oauth: false,
      requireApproval: true,
    });
    expect(screen.getByText("Headers set: Authorization")).toBeTruthy();
    expect(document.body.textContent).not.toContain("s3cret");

    const tools = screen.getByRole("list", { name: "Tools of Loopback" });
    const hang = within(tools).getByRole("switch", { name: "hang" });
    expect(hang.getAttribute("aria-checked")).toBe("true");
    await user.click(hang);
    expect(
      server.callsTo("PATCH /api/admin/mcp-servers/11111111-1111-4111-8111-111111111111").at(-1)?.body,
    ).toEqual({ disabledTools: ["hang"] });
    await screen.findByRole("switch", { name: "hang", checked: false });
    expect(within(tools).getByRole("switch", { name: "echo" }).getAttribute("aria-checked")).toBe("true");
    const nav = screen.getByRole("navigation", { name: "Main" });
    expect(within(nav).getByRole("link", { name: "Tools" }).getAttribute("href")).toBe(
      "/dashboard/admin/tools",
    );
  });

  it("is closed to everyone else", async () => {
    storeSession();
    const server = stubFetch({ "GET /api/auth/get-session": () => json(sessionBody()) });
    renderApp("/dashboard/admin/tools");
    expect(await screen.findByText("Only administrators of this instance can manage tools.")).toBeTruthy();
    expect(server.callsTo("GET /api/admin/mcp-servers")).toHaveLength(0);
  });
});
