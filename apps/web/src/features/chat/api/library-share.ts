// Share links, as their owner makes and ends them: POST/GET/DELETE /api/conversations/:id/share and
// GET /api/shares (the public page reads GET /api/shared/:token in features/share).
import i18next from "i18next";
import { myTeamSchema, ownedShareSchema, shareLinkSchema } from "@tessera/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { ApiError, apiRequest } from "@/lib/api-client";
import { toast } from "@/lib/toast";

const shareKey = (id: string) => ["share", id] as const;
export const SHARES_KEY = ["shares"] as const;
const path = (id: string) => `/api/conversations/${encodeURIComponent(id)}/share`;

/** The conversation's link, or null when it is not shared. */
export function useShareLink(conversationId: string, enabled: boolean) {
  return useQuery({
    queryKey: shareKey(conversationId),
    queryFn: async ({ signal }) => {
      try {
        return (await apiRequest(path(conversationId), { schema: shareLinkSchema, signal })).data;
      } catch (err) {
        if (err instanceof ApiError && err.status === 404) return null;
        throw err;
      }
    },
    enabled,
  });
}

/** The team a link may be kept to (GET /api/teams/mine), or null without one. */
export function useShareTeam(enabled: boolean) {
  return useQuery({
    queryKey: ["team", "mine"],
    queryFn: async ({ signal }) =>
      (await apiRequest("/api/teams/mine", { schema: myTeamSchema, signal })).data.team,
    enabled,
    select: (team) => (team ? { id: team.company.id, name: team.company.name } : null),
  });
}

export function useShareActions(conversationId: string) {
  const queryClient = useQueryClient();
  const share = useMutation({
    mutationFn: async (input: { includeAttachments: boolean; teamId: string | null }) =>
      (
        await apiRequest(path(conversationId), {
          method: "POST",
          body: input,
          schema: shareLinkSchema,
        })
      ).data,
    onSuccess: (link) => {
      queryClient.setQueryData(shareKey(conversationId), link);
      void queryClient.invalidateQueries({ queryKey: SHARES_KEY });
    },
    onError: () => toast.error(i18next.t("share.failed", { ns: "chat" })),
  });
  const revoke = useMutation({
    mutationFn: () => revokeShare(conversationId),
    onSuccess: () => {
      queryClient.setQueryData(shareKey(conversationId), null);
      void queryClient.invalidateQueries({ queryKey: SHARES_KEY });
    },
    onError: () => toast.error(i18next.t("sharedLinks.stopFailed", { ns: "chat" })),
  });
  return { share, revoke };
}

export const revokeShare = async (conversationId: string) => {
  await apiRequest(path(conversationId), { method: "DELETE" });
};

export function useOwnedShares(enabled: boolean) {
  return useQuery({
    queryKey: SHARES_KEY,
    queryFn: async ({ signal }) =>
      (await apiRequest("/api/shares", { schema: z.array(ownedShareSchema), signal })).data,
    enabled,
  });
}
