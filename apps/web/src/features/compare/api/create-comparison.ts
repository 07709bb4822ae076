// POST /api/comparisons: stores the prompt and one pending answer per model (shuffled when blind).
import { comparisonSchema, type CreateComparisonInput } from "@tessera/contracts";
import { apiRequest } from "@/lib/api-client";

export async function createComparison(input: CreateComparisonInput, signal?: AbortSignal) {
  const { data } = await apiRequest("/api/comparisons", {
    method: "POST",
    body: input,
    schema: comparisonSchema,
    signal,
  });
  return data;
}
