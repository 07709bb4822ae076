import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { apiError, json, stubFetch } from "@/testing/fetch-stub";
import { renderApp } from "@/testing/render-app";
import { sessionBody, storeSession } from "@/testing/session";
import { useSubscription } from "./subscription";

/** Shows the client's subscription state as JSON, the way a page reads it. */
function Probe() {
  const s = useSubscription();
  return (
    <pre data-testid="state">
      {JSON.stringify({
        subscribed: s.subscribed,
        tier: s.tier,
        accessSource: s.accessSource,
        hasTeamFeatures: s.hasTeamFeatures,
        loading: s.loading,
        lockedMax: s.locked("max"),
        checked: s.lastChecked !== null,
      })}
    </pre>
  );
}

const state = () => JSON.parse(screen.getByTestId("state").textContent ?? "{}") as Record<string, unknown>;
const open = (routes: Parameters<typeof stubFetch>[0], signedIn = true) => {
  if (signedIn) storeSession();
  stubFetch({ "GET /api/auth/get-session": () => json(signedIn ? sessionBody() : null), ...routes });
  renderApp("/", { routes: [{ path: "/", element: <Probe /> }] });
};

describe("the client's subscription state (spec §3, §4, §6, §8)", () => {
  it("is unknown when signed out, and nothing is asked", async () => {
    open({}, false);
    await waitFor(() => expect(state()).toMatchObject({ subscribed: null, tier: null, accessSource: null }));
    expect(state().lockedMax).toBe(false);
  });

  it("holds what the server reports, with team features from check-team-access", async () => {
    open({
      "POST /api/check-subscription": () =>
        json({ subscribed: true, tier: "Pro", validUntil: "2030-01-01T00:00:00.000Z" }),
      "POST /api/check-team-access": () => json({ team_access: [], has_team_features: false }),
      "GET /api/subscription": () =>
        json({
          plan: "pro",
          source: "trial",
          validUntil: "2030-01-01T00:00:00.000Z",
          trialAvailable: false,
          checkout: false,
          usage: { imagesThisMonth: 0, imagesPerMonth: 100 },
        }),
    });
    await waitFor(() =>
      expect(state()).toEqual({
        subscribed: true,
        tier: "Pro",
        accessSource: "subscription",
        hasTeamFeatures: false,
        loading: false,
        lockedMax: true,
        checked: true,
      }),
    );
  });

  it("counts a failed check as unsubscribed with source 'error', and falls back to the tier for team features", async () => {
    open({
      "POST /api/check-subscription": () => apiError(500, "INTERNAL", "boom"),
      "POST /api/check-team-access": () => apiError(500, "INTERNAL", "boom"),
    });
    await waitFor(() =>
      expect(state()).toMatchObject({ subscribed: false, tier: null, accessSource: "error" }),
    );
    expect(state().hasTeamFeatures).toBe(false);
  });

  it("turns team features on for a Team tier when check-team-access fails", async () => {
    open({
      "POST /api/check-subscription": () => json({ subscribed: true, tier: "Team", validUntil: null }),
      "POST /api/check-team-access": () => apiError(503, "UNAVAILABLE", "down"),
    });
    await waitFor(() => expect(state()).toMatchObject({ tier: "Team", hasTeamFeatures: true }));
  });
});
