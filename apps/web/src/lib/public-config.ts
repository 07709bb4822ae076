// What this instance tells anonymous visitors: its version and the social sign-in providers it has.
import { publicConfigSchema } from "@tessera/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "./api-client";

export const publicConfigQuery = queryOptions({
  queryKey: ["public-config"],
  queryFn: async ({ signal }) =>
    (await apiRequest("/api/public/config", { schema: publicConfigSchema, auth: false, signal })).data,
  staleTime: Infinity,
});

export function usePublicConfig() {
  return useQuery(publicConfigQuery);
}

/** The version baked into this build; the server's answer is preferred when there is one. */
export const BUILD_VERSION: string = import.meta.env.VITE_APP_VERSION ?? "dev";
