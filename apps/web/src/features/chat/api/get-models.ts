// GET /api/models: the catalogue grouped as the picker shows it, with what is usable right now.
import { findCatalogueModel, type ModelAvailability } from "@tessera/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { modelsAnswer } from "@/lib/answer-guards";
import { apiRequest } from "@/lib/api-client";
import { useCatalogueTexts } from "@/lib/catalogue-texts";
import { readAheadOr, takeArrivedReadAhead } from "@/lib/read-ahead";
import { MODELS_PATH } from "./chat-read-ahead";

export const modelsQuery = queryOptions({
  queryKey: ["models"],
  // The first read may have been made with the page's code (chat-read-ahead.ts).
  queryFn: ({ signal }) =>
    readAheadOr(
      MODELS_PATH,
      modelsAnswer,
      async () => (await apiRequest(MODELS_PATH, { schema: modelsAnswer, signal })).data,
    ),
  // Already in, the read made ahead is shown in the page's first frame.
  initialData: () => takeArrivedReadAhead(MODELS_PATH, modelsAnswer),
});

/** The answer with the built-in catalogue's texts in the reader's language. */
export function useModels() {
  const texts = useCatalogueTexts();
  return useQuery({ ...modelsQuery, select: texts.models });
}

/** A model's entry from the server's answer, or from the built-in catalogue while that loads. */
export function useModelInfo(modelId: string | null): ModelAvailability | null {
  const { data } = useModels();
  const texts = useCatalogueTexts();
  if (!modelId) return null;
  for (const group of data?.groups ?? []) {
    const found = group.models.find((m) => m.id === modelId);
    if (found) return found;
  }
  const known = findCatalogueModel(modelId);
  return {
    id: modelId,
    name: known?.name ?? modelId,
    description: known ? texts.modelDescription(known) : "",
    vision: Boolean(known?.vision),
    research: Boolean(known?.research),
    available: true,
    provider: null,
    unavailableReason: null,
    requiredPlan: null,
  };
}
