// GET /api/shared/:token: a shared conversation's snapshot, read without a session.
import { sharedConversationSchema } from "@tessera/contracts";
import { useQuery } from "@tanstack/react-query";
import { ApiError, apiRequest } from "@/lib/api-client";

/** A shared conversation, read without a session; null when the link is unknown or turned off. */
export function useSharedConversation(token: string) {
  return useQuery({
    queryKey: ["shared", token],
    queryFn: async ({ signal }) => {
      try {
        return (
          await apiRequest(`/api/shared/${encodeURIComponent(token)}`, {
            schema: sharedConversationSchema,
            signal,
          })
        ).data;
      } catch (err) {
        if (err instanceof ApiError && err.status === 404) return null;
        throw err;
      }
    },
    retry: false,
  });
}
