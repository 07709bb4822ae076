// GET /api/admin/connections: the page's connections and what the server's environment sets
// (instance admins only). After any change, everything that reads what is connected is read again.
import { connectionsResponseSchema } from "@tessera/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";

export { refreshConnected } from "./refresh-connected";

export const connectionsQuery = queryOptions({
  queryKey: ["admin-connections"],
  queryFn: async ({ signal }) =>
    (await apiRequest("/api/admin/connections", { schema: connectionsResponseSchema, signal })).data,
  staleTime: 0,
});

export const useConnections = (enabled: boolean) => useQuery({ ...connectionsQuery, enabled });
