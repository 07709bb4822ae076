import type { ChangelogEntry } from "@tessera/contracts";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { AuthProvider } from "@/lib/auth-provider";
import { CHANGELOG_SEEN_KEY_PREFIX } from "@/lib/version";
import { json, stubFetch } from "@/testing/fetch-stub";
import { sessionBody, storeSession, testUser } from "@/testing/session";
import { WhatsNewDialog } from "./whats-new-dialog";

const entry = (version: string, title: string): ChangelogEntry => ({
  version,
  title,
  description: `About ${title}`,
  createdAt: "2026-11-01T00:00:00.000Z",
  updatedAt: "2026-11-01T00:00:00.000Z",
});
const ENTRIES = [entry("3.25.0", "Works offline"), entry("3.24.0", "Voice"), entry("3.23.0", "Images")];
const SEEN_KEY = `${CHANGELOG_SEEN_KEY_PREFIX}${testUser.id}`;

function mount() {
  storeSession();
  const server = stubFetch({
    "GET /api/auth/get-session": () => json(sessionBody()),
    "GET /api/changelog": () => json({ entries: ENTRIES }),
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <AuthProvider>
        <WhatsNewDialog />
      </AuthProvider>
    </QueryClientProvider>,
  );
  return server;
}

describe("What's new", () => {
  it("lists the releases newer than the last one seen, and remembers the newest once dismissed", async () => {
    localStorage.setItem(SEEN_KEY, "3.23.0");
    mount();
    const dialog = await screen.findByRole("dialog", { name: "What's new" });
    expect(dialog.textContent).toContain("Works offline");
    expect(dialog.textContent).toContain("Voice");
    expect(dialog.textContent).not.toContain("Images");
    await userEvent.click(screen.getByRole("button", { name: "Got it" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(localStorage.getItem(SEEN_KEY)).toBe("3.25.0");
  });

  it("someone who has seen none starts at the newest without a window", async () => {
    const server = mount();
    await waitFor(() => expect(localStorage.getItem(SEEN_KEY)).toBe("3.25.0"));
    expect(server.callsTo("GET /api/changelog")).toHaveLength(1);
    expect(screen.queryByRole("dialog")).toBeNull();
  });
});
