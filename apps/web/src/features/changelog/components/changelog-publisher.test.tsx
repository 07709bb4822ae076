import { render, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { AuthProvider } from "@/lib/auth-provider";
import { apiError, json, stubFetch } from "@/testing/fetch-stub";
import { sessionBody, storeSession, testUser } from "@/testing/session";
import { CURRENT_RELEASE, LAST_CHANGELOG_VERSION_KEY } from "../release";
import { ChangelogPublisher } from "./changelog-publisher";

function Providers({ children }: { children: ReactNode }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return (
    <QueryClientProvider client={client}>
      <AuthProvider>{children}</AuthProvider>
    </QueryClientProvider>
  );
}

const admin = { ...testUser, role: "admin" };

function mount() {
  return render(
    <Providers>
      <ChangelogPublisher />
    </Providers>,
  );
}

describe("publishing this release's notes", () => {
  it("an admin publishes once per version and stores it after success", async () => {
    storeSession({ user: admin });
    const server = stubFetch({
      "GET /api/auth/get-session": () => json(sessionBody("stored-token", admin)),
      "POST /api/changelog": () => json({ ...CURRENT_RELEASE, createdAt: "", updatedAt: "" }),
      "GET /api/changelog": () => json({ entries: [] }),
    });
    const first = mount();
    await waitFor(() => expect(localStorage.getItem(LAST_CHANGELOG_VERSION_KEY)).toBe("3.25.0"));
    expect(server.callsTo("POST /api/changelog")).toHaveLength(1);
    expect(server.callsTo("POST /api/changelog")[0]!.body).toEqual(CURRENT_RELEASE);
    expect(server.callsTo("POST /api/changelog")[0]!.headers.authorization).toBe("Bearer stored-token");
    first.unmount();

    mount();
    await waitFor(() => expect(server.callsTo("GET /api/auth/get-session").length).toBeGreaterThan(1));
    expect(server.callsTo("POST /api/changelog")).toHaveLength(1);
  });

  it("someone who is not an admin publishes nothing", async () => {
    storeSession();
    const server = stubFetch({ "GET /api/auth/get-session": () => json(sessionBody()) });
    mount();
    await waitFor(() => expect(server.callsTo("GET /api/auth/get-session")).toHaveLength(1));
    expect(server.callsTo("POST /api/changelog")).toHaveLength(0);
  });

  it("a failure is only logged, and the version is not stored", async () => {
    const warn = vi.mocked(console.warn);
    storeSession({ user: admin });
    stubFetch({
      "GET /api/auth/get-session": () => json(sessionBody("stored-token", admin)),
      "POST /api/changelog": () => apiError(500, "INTERNAL", "down"),
    });
    mount();
    await waitFor(() =>
      expect(warn).toHaveBeenCalledWith(
        "changelog.publish_failed",
        expect.objectContaining({ component: "main", action: "publish_changelog" }),
      ),
    );
    expect(localStorage.getItem(LAST_CHANGELOG_VERSION_KEY)).toBeNull();
  });
});
