import { QUERY_RETRY, QUERY_STALE_MS } from "@tessera/contracts";
import { QueryClient } from "@tanstack/react-query";
import { ApiError } from "./api-client";

/** Retry once (the spec's figure), but never a request the server refused on its merits. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: QUERY_STALE_MS,
        retry: (failures, error) => {
          if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
          return failures < QUERY_RETRY;
        },
      },
    },
  });
}
