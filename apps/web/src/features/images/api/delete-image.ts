// DELETE /api/images/:id, then every cached list drops it.
import type { GeneratedImage } from "@tessera/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { IMAGES_KEY } from "./get-images";

export async function deleteImage(id: string): Promise<void> {
  await apiRequest(`/api/images/${encodeURIComponent(id)}`, { method: "DELETE" });
}

export function useDeleteImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteImage,
    onSuccess: (_data, id) => {
      queryClient.setQueriesData<GeneratedImage[]>({ queryKey: [...IMAGES_KEY, "list"] }, (list) =>
        list?.filter((image) => image.id !== id),
      );
      void queryClient.invalidateQueries({ queryKey: IMAGES_KEY });
    },
  });
}
