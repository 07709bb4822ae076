import { QUERY_RETRY, QUERY_STALE_MS } from "@tessera/contracts";
import { QueryClient } from "@tanstack/react-query";
import { ApiError } from "./api-client";

/**
 * Retry once (the spec's figure), but never a request the server refused on its merits, nor one the
 * API client has already tried again (a lost connection, a gateway's 502 / 503 / 504).
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: QUERY_STALE_MS,
        retry: (failures, error) => {
          if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
          if (error instanceof ApiError && error.attempts > 1) return false;
          return failures < QUERY_RETRY;
        },
      },
    },
  });
}
