// GET /api/image-models: every image model with its availability (and the variable that enables an
// unavailable one), typical seconds, and the instance's default.
import { imageModelsResponseSchema } from "@tessera/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";

export const imageModelsQuery = queryOptions({
  queryKey: ["image-models"],
  queryFn: async ({ signal }) =>
    (await apiRequest("/api/image-models", { schema: imageModelsResponseSchema, signal })).data,
});

export function useImageModels() {
  return useQuery(imageModelsQuery);
}
