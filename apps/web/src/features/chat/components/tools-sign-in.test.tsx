// The Tools popover's MCP sign-ins: Sign in opens the server's page in a popup, the list shows the
// person signed in once the callback has run, and Sign out forgets it.
import type { McpSignIn } from "@tessera/contracts";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { json, stubFetch } from "@/testing/fetch-stub";
import { storeSession, testUser } from "@/testing/session";
import { ToolsButton } from "./tools-button";

const ID = "11111111-1111-4111-8111-111111111111";
const AUTHORIZE = "https://auth.example.com/authorize?state=s&code_challenge=c";

afterEach(() => vi.restoreAllMocks());

describe("Tools popover sign-ins", () => {
  it("signs in through a popup, shows it signed in, and signs out", async () => {
    storeSession({ user: testUser });
    let signedIn = false;
    const server = stubFetch({
      "GET /api/tools": () => json([]),
      "GET /api/mcp/sign-ins": () =>
        json([{ serverId: ID, server: "Secure", signedIn }] satisfies McpSignIn[]),
      [`POST /api/mcp/servers/${ID}/sign-in`]: () => json({ authorizationUrl: AUTHORIZE }),
      [`DELETE /api/mcp/servers/${ID}/sign-in`]: () => {
        signedIn = false;
        return new Response(null, { status: 204 });
      },
    });
    const popup = { opener: {} as unknown, location: { href: "" }, close: vi.fn() };
    const open = vi.spyOn(window, "open").mockReturnValue(popup as unknown as Window);
    const user = userEvent.setup();
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={queryClient}>
        <ToolsButton selected={[]} onChange={() => undefined} canUseTools />
      </QueryClientProvider>,
    );
    await user.click(screen.getByRole("button", { name: "Tools" }));
    await user.click(await screen.findByRole("button", { name: "Sign in to Secure" }));
    expect(open).toHaveBeenCalledTimes(1);
    expect(popup.opener).toBeNull();
    await vi.waitFor(() => expect(popup.location.href).toBe(AUTHORIZE));
    expect(server.callsTo(`POST /api/mcp/servers/${ID}/sign-in`)).toHaveLength(1);
    expect(await screen.findByText("Waiting for the sign-in window…")).toBeTruthy();
    // The callback ran in the popup: the next look at the list finds the person signed in.
    signedIn = true;
    await user.click(await screen.findByRole("button", { name: "Sign out of Secure" }, { timeout: 5_000 }));
    expect(await screen.findByRole("button", { name: "Sign in to Secure" })).toBeTruthy();
    expect(server.callsTo(`DELETE /api/mcp/servers/${ID}/sign-in`)).toHaveLength(1);
  });
});
