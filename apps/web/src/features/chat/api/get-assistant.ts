// GET /api/assistants/:id: the assistant a chat answers as (`?assistant=` on the chat page). Someone
// else's private assistant, or one that was deleted, is a 404.
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { useCatalogueTexts } from "@/lib/catalogue-texts";

export const assistantQuery = (assistantId: string) =>
  queryOptions({
    queryKey: ["assistants", assistantId],
    queryFn: async ({ signal }) => {
      const { assistantSchema: schema } = await import("./later-schemas");
      return (await apiRequest(`/api/assistants/${encodeURIComponent(assistantId)}`, { schema, signal }))
        .data;
    },
  });

/** The assistant, a built-in one's name and description in the reader's language. */
export function useAssistant(assistantId: string | null) {
  const texts = useCatalogueTexts();
  return useQuery({
    ...assistantQuery(assistantId ?? ""),
    enabled: assistantId !== null,
    select: texts.assistant,
  });
}
