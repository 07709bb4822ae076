// GET /api/image-models: every image model with its availability (and the variable that enables an
// unavailable one), typical seconds, and the instance's default.
import { imageModelsResponseSchema } from "@tessera/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { useCatalogueTexts } from "@/lib/catalogue-texts";

export const imageModelsQuery = queryOptions({
  queryKey: ["image-models"],
  queryFn: async ({ signal }) =>
    (await apiRequest("/api/image-models", { schema: imageModelsResponseSchema, signal })).data,
});

/** The image models in the reader's language (suspends until the `catalogue` texts are in). */
export function useImageModels() {
  const texts = useCatalogueTexts();
  return useQuery({ ...imageModelsQuery, select: texts.imageModels });
}
