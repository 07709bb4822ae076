// PUT / DELETE /api/assistants/:id/favorite. The star changes at once; a refusal puts it back.
import { assistantSchema, type Assistant } from "@tessera/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import i18next from "i18next";
import { toast } from "@/lib/toast";
import { apiRequest, errorMessage } from "@/lib/api-client";
import { assistantsQuery } from "./get-assistants";

export async function setFavorite({ id, favorite }: { id: string; favorite: boolean }) {
  return (
    await apiRequest(`/api/assistants/${encodeURIComponent(id)}/favorite`, {
      method: favorite ? "PUT" : "DELETE",
      schema: assistantSchema,
    })
  ).data;
}

export function useSetFavorite() {
  const queryClient = useQueryClient();
  const key = assistantsQuery.queryKey;
  return useMutation({
    mutationFn: setFavorite,
    onMutate: async ({ id, favorite }) => {
      await queryClient.cancelQueries({ queryKey: key, exact: true });
      const previous = queryClient.getQueryData<Assistant[]>(key);
      queryClient.setQueryData<Assistant[]>(key, (list) =>
        list?.map((a) => (a.id === id ? { ...a, isFavorite: favorite } : a)),
      );
      return { previous };
    },
    onError: (error, { favorite }, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
      toast.error(
        i18next.t(favorite ? "assistants:favorite.addFailed" : "assistants:favorite.removeFailed"),
        {
          description: errorMessage(error),
        },
      );
    },
    onSuccess: (assistant) =>
      queryClient.setQueryData<Assistant[]>(key, (list) =>
        list?.map((a) => (a.id === assistant.id ? assistant : a)),
      ),
  });
}
