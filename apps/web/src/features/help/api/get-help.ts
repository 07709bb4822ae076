// GET /api/public/help: the help articles that ship with Tessera (and that Tessera Local cites).
import { helpResponseSchema } from "@tessera/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { apiRequest } from "@/lib/api-client";

// Keyed by language: the server answers in the Accept-Language the client sends (i18next's language).
export const helpQuery = (language: string) =>
  queryOptions({
    queryKey: ["help", language],
    queryFn: async ({ signal }) =>
      (await apiRequest("/api/public/help", { schema: helpResponseSchema, auth: false, signal })).data,
  });

export function useHelp() {
  const { i18n } = useTranslation();
  return useQuery(helpQuery(i18n.language));
}
