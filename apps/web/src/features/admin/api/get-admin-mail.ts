// GET /api/admin/mail: the mail this instance made, newest first, a page at a time (instance admins
// only; 403 for everyone else).
import { outboxPageSchema, type OutboxPage } from "@tessera/contracts";
import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";

export const adminMailQuery = infiniteQueryOptions({
  queryKey: ["admin-mail"],
  queryFn: async ({ pageParam, signal }) =>
    (
      await apiRequest(`/api/admin/mail${pageParam ? `?before=${encodeURIComponent(pageParam)}` : ""}`, {
        schema: outboxPageSchema,
        signal,
      })
    ).data,
  initialPageParam: undefined as string | undefined,
  getNextPageParam: (last: OutboxPage) => last.next ?? undefined,
  // A sign-up elsewhere adds a message: read it fresh on every visit.
  staleTime: 0,
});

export const useAdminMail = (enabled: boolean) => useInfiniteQuery({ ...adminMailQuery, enabled });
