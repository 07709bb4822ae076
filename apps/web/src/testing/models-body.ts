// GET /api/models as a server without connections answers it: the guide and Tessera Local usable,
// every other catalogue model not enabled, for want of a connection.
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
      unavailableReason: AVAILABLE.has(m.id) ? null : "Not enabled on this server.",
      ...(AVAILABLE.has(m.id) ? {} : { needsConnection: true }),
      requiredPlan: null,
    })),
  })),
};
