// GET /api/models: the catalogue with what is usable now, for the assistant's model choice.
import type { ModelAvailability } from "@tessera/contracts";
import { useMemo } from "react";
import { useModels } from "@/lib/models-query";

/** Every model of the answer by id (a model can sit in more than one group). */
export function useModelsById(): Map<string, ModelAvailability> {
  const { data } = useModels();
  return useMemo(() => {
    const byId = new Map<string, ModelAvailability>();
    for (const group of data?.groups ?? [])
      for (const m of group.models) if (!byId.has(m.id)) byId.set(m.id, m);
    return byId;
  }, [data]);
}
