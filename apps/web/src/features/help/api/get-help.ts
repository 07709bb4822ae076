// GET /api/public/help: the help articles that ship with Tessera (and that Tessera Local cites).
import { helpResponseSchema } from "@tessera/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";

export const helpQuery = queryOptions({
  queryKey: ["help"],
  queryFn: async ({ signal }) =>
    (await apiRequest("/api/public/help", { schema: helpResponseSchema, auth: false, signal })).data,
});

export const useHelp = () => useQuery(helpQuery);
