// GET /api/admin/models: the catalogue as the admin manages it: every built-in model (switched on
// or off, routed automatically or through a chosen connection) and every model an admin added, each
// with what serves it now.
import {
  GUIDE_MODEL_ID,
  LOCAL_MODEL_ID,
  MODEL_GROUPS,
  type AdminCatalogue,
  type AdminCatalogueModel,
} from "@tessera/contracts";
import { endpointsOf, routeModel } from "../../providers/llm/routing";
import type { LlmConfig } from "../../providers/llm/types";
import type { ConnectionsDeps } from "./connections-deps";
import { effectiveConfig } from "./effective-config";
import { readStored } from "./stored-connections";

export const FIXED_MODELS: readonly string[] = [GUIDE_MODEL_ID, LOCAL_MODEL_ID];

export async function readAdminCatalogue(deps: ConnectionsDeps): Promise<AdminCatalogue> {
  const stored = await readStored(deps.db, deps.cipher);
  const { llm } = effectiveConfig(deps.env, stored);
  const rows = new Map(stored.catalogue.map((r) => [r.id, r]));
  // What would serve each model were it on: switching one off does not change its route.
  const routing: LlmConfig = llm.catalogue
    ? { ...llm, catalogue: { ...llm.catalogue, off: new Set() } }
    : llm;
  const endpoints = endpointsOf(llm);
  const nameOf = (endpointId: string) => {
    const e = endpoints.find((x) => x.id === endpointId);
    if (!e) return null;
    // The environment's endpoints are named after their provider; the page's after the admin's name.
    return stored.connections.some((c) => c.id === e.id) ? e.name : `${e.name} (server environment)`;
  };
  const models: AdminCatalogueModel[] = [];
  const seen = new Set<string>();
  for (const g of MODEL_GROUPS)
    for (const m of g.models) {
      if (seen.has(m.id)) continue;
      seen.add(m.id);
      const row = rows.get(m.id);
      const route = routeModel(m, routing);
      models.push({
        id: m.id,
        name: m.name,
        description: m.description,
        group: g.id,
        builtIn: true,
        enabled: row?.enabled ?? true,
        vision: m.vision ?? false,
        connectionId: row?.connectionId ?? null,
        upstream: row?.upstream ?? null,
        servedBy:
          route.kind === "local"
            ? "Tessera Local (built in)"
            : route.kind === "remote"
              ? nameOf(route.endpointId)
              : null,
        fixed: FIXED_MODELS.includes(m.id),
      });
    }
  for (const row of stored.catalogue)
    if (!row.builtIn && !seen.has(row.id)) {
      const added = llm.catalogue?.added.find((a) => a.id === row.id);
      models.push({
        id: row.id,
        name: added?.name ?? row.id,
        description: added?.description ?? "",
        group: added?.group ?? "open-source",
        builtIn: false,
        enabled: row.enabled,
        vision: row.vision,
        connectionId: row.connectionId,
        upstream: row.upstream,
        servedBy: row.connectionId ? nameOf(row.connectionId) : null,
        fixed: false,
      });
    }
  return { models };
}
