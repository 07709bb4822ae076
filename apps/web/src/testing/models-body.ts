// GET /api/models as a server without provider keys answers it: the guide and Tessera Local usable,
// every other catalogue model unavailable with the variable that enables it.
import { MODEL_GROUPS, type ModelsResponse } from "@tessera/contracts";

const AVAILABLE = new Set(["guide", "tessera-local"]);

export const keylessModelsBody: ModelsResponse = {
  groups: MODEL_GROUPS.map((group) => ({
    id: group.id,
    title: group.title,
    icon: group.icon,
    color: group.color,
    models: group.models.map((m) => ({
      id: m.id,
      name: m.name,
      description: m.description,
      vision: Boolean(m.vision),
      research: Boolean(m.research),
      available: AVAILABLE.has(m.id),
      provider: AVAILABLE.has(m.id) ? "tessera-local" : null,
      unavailableReason: AVAILABLE.has(m.id) ? null : `Set OPENROUTER_API_KEY to use ${m.name}.`,
      requiredPlan: null,
    })),
  })),
};
