// The public settings as the pages past sign-in read them: in the data cache, so a change an admin
// makes (the instance's name, who may sign up, a connection) is read again where it shows. It starts
// from the answer the first page already read (lib/public-config.ts), if there is one.
import { queryOptions, useQuery } from "@tanstack/react-query";
import { fetchPublicConfig, knownPublicConfig } from "./public-config";

export const publicConfigQuery = queryOptions({
  queryKey: ["public-config"],
  queryFn: ({ signal }) => fetchPublicConfig(signal),
  initialData: knownPublicConfig,
  staleTime: Infinity,
});

export function usePublicConfigQuery() {
  return useQuery(publicConfigQuery);
}
