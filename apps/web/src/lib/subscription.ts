// The signed-in person's plan as the client holds it (spec 000 §3 Subscription status, §4, §6, §8):
// subscribed, tier, validUntil, loading, lastChecked, accessSource, teamAccess, hasTeamFeatures.
// A failed check counts as unsubscribed with accessSource "error" (and is logged); without a session
// token nothing is asked and the state is the unsubscribed one ("No auth token available").
// The server enforces every entitlement; this only tells the UI what to show as locked.
import {
  checkSubscriptionSchema,
  checkTeamAccessSchema,
  planAtLeast,
  subscriptionSchema,
  type CheckTeamAccess,
  type PlanId,
  type Subscription,
} from "@tessera/contracts";
import { queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { useAuth } from "@/lib/auth-context";

export interface SubscriptionState {
  subscribed: boolean | null;
  /** The plan's name ("Pro"), or null when not subscribed or not known yet. */
  tier: string | null;
  validUntil: string | null;
  loading: boolean;
  lastChecked: number | null;
  accessSource: "subscription" | "error" | null;
  teamAccess: CheckTeamAccess["team_access"];
  hasTeamFeatures: boolean;
  /** The plan and usage the server holds (null until known): what the UI locks by. */
  details: Subscription | null;
  /** The plan to judge entitlements by: Core until the server says otherwise. */
  plan: PlanId;
  /**
   * Whether something needing `needed` is locked for this person: only once the plan is known, so
   * nothing flickers locked while it loads (the server refuses anyway), and never where the instance
   * sells no plans (billing off: every feature is open).
   */
  locked: (needed: PlanId) => boolean;
}

export const CHECK_FAILED = "Failed to check subscription";

const STALE_MS = 60_000;

export const subscriptionQueryKey = ["subscription"] as const;

const checkQuery = (userId: string | null) =>
  queryOptions({
    queryKey: [...subscriptionQueryKey, "check", userId],
    enabled: userId !== null,
    staleTime: STALE_MS,
    retry: false,
    queryFn: async ({ signal }) => {
      try {
        const check = (
          await apiRequest("/api/check-subscription", {
            method: "POST",
            schema: checkSubscriptionSchema,
            signal,
          })
        ).data;
        return { ...check, accessSource: "subscription" as const, at: Date.now() };
      } catch (err) {
        console.warn(CHECK_FAILED, err);
        return {
          subscribed: false,
          tier: null,
          validUntil: null,
          accessSource: "error" as const,
          at: Date.now(),
        };
      }
    },
  });

const teamQuery = (userId: string | null) =>
  queryOptions({
    queryKey: [...subscriptionQueryKey, "team", userId],
    enabled: userId !== null,
    staleTime: STALE_MS,
    retry: false,
    queryFn: async ({ signal }) =>
      (await apiRequest("/api/check-team-access", { method: "POST", schema: checkTeamAccessSchema, signal }))
        .data,
  });

const detailsQuery = (userId: string | null) =>
  queryOptions({
    queryKey: [...subscriptionQueryKey, "details", userId],
    enabled: userId !== null,
    staleTime: STALE_MS,
    queryFn: async ({ signal }) =>
      (await apiRequest("/api/subscription", { schema: subscriptionSchema, signal })).data,
  });

export function useSubscription(): SubscriptionState {
  const { user, token } = useAuth();
  const userId = user && token ? user.id : null;
  const check = useQuery(checkQuery(userId));
  const team = useQuery(teamQuery(userId));
  const details = useQuery(detailsQuery(userId));

  if (userId === null)
    return {
      subscribed: null,
      tier: null,
      validUntil: null,
      loading: false,
      lastChecked: null,
      accessSource: null,
      teamAccess: [],
      hasTeamFeatures: false,
      details: null,
      plan: "core",
      locked: () => false,
    };
  const tier = check.data?.tier ?? null;
  // Team features: what the server reports, or, when that call fails, a Team or Enterprise tier.
  const hasTeamFeatures = team.data
    ? team.data.has_team_features
    : team.isError
      ? tier === "Team" || tier === "Enterprise"
      : false;
  return {
    subscribed: check.data?.subscribed ?? null,
    tier,
    validUntil: check.data?.validUntil ?? null,
    loading: check.isPending,
    lastChecked: check.data?.at ?? null,
    accessSource: check.data?.accessSource ?? null,
    teamAccess: team.data?.team_access ?? [],
    hasTeamFeatures,
    details: details.data ?? null,
    plan: details.data?.plan ?? "core",
    locked: (needed) =>
      details.data !== undefined && details.data.billing === "on" && !planAtLeast(details.data.plan, needed),
  };
}

/** Re-reads the plan everywhere (after a trial starts, a checkout returns or an admin change). */
export function useRefreshSubscription() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: subscriptionQueryKey });
}
