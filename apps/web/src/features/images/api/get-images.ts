// GET /api/images?limit=: one's images, newest first (Recent Images 10, history 50). While one of
// them is still pending or generating the list is read again every two seconds.
import { generatedImageSchema, type GeneratedImage } from "@tessera/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { apiRequest } from "@/lib/api-client";

export const IMAGES_KEY = ["images"] as const;
const RUNNING_REFRESH_MS = 2000;

export const isRunning = (image: GeneratedImage) =>
  image.status === "pending" || image.status === "generating";

export const imagesQuery = (limit: number) =>
  queryOptions({
    queryKey: [...IMAGES_KEY, "list", limit],
    queryFn: async ({ signal }) =>
      (await apiRequest(`/api/images?limit=${limit}`, { schema: z.array(generatedImageSchema), signal }))
        .data,
    refetchInterval: (query) => (query.state.data?.some(isRunning) ? RUNNING_REFRESH_MS : false),
  });

export function useImages(limit: number) {
  return useQuery(imagesQuery(limit));
}
