// POST /api/admin/connections/:id/test and GET …/:id/models: one real call to the stored
// connection, answered with what came back or the upstream's own error.
import {
  CONNECTION_KIND_INFO,
  MODEL_GROUPS,
  type ConnectionModels,
  type ConnectionTest,
} from "@tessera/contracts";
import { AppError } from "../../lib/errors";
import { upstreamOn } from "../../providers/llm/routing";
import type { LlmEndpointKind } from "../../providers/llm/types";
import { listUpstreamModels } from "../../providers/llm/upstream-models";
import { findConnection, type ConnectionsDeps } from "./connections-deps";
import { connectionFetch, describeFailure, PROBE_DEFAULTS, redact } from "./probe-connection";
import { readStored } from "./stored-connections";

export const UNREADABLE_KEY =
  "Its key cannot be opened with this server's ENCRYPTION_KEY (was it changed?). Enter the key again.";

export async function testConnection(deps: ConnectionsDeps, id: string): Promise<ConnectionTest> {
  const c = await findConnection(deps, id);
  if (c.keyState === "unreadable")
    return { ok: false, message: UNREADABLE_KEY, items: [], total: null, ms: 0 };
  return deps.probe({ kind: c.kind, baseUrl: c.baseUrl, apiKey: c.apiKey, options: c.options });
}

export async function listConnectionModels(deps: ConnectionsDeps, id: string): Promise<ConnectionModels> {
  const c = await findConnection(deps, id);
  if (CONNECTION_KIND_INFO[c.kind].capability !== "language")
    throw new AppError("BAD_REQUEST", "Only language-model connections list models for the catalogue.");
  if (c.keyState === "unreadable") return { models: [], error: UNREADABLE_KEY };
  const kind = c.kind as LlmEndpointKind;
  const { fetch, seen } = connectionFetch(c.baseUrl, {
    ...PROBE_DEFAULTS,
    allowPrivate: deps.env.OUTBOUND_ALLOW_PRIVATE,
  });
  let listed;
  try {
    listed = await listUpstreamModels(
      { id: c.id, kind, name: c.name, baseURL: c.baseUrl ?? undefined, apiKey: c.apiKey },
      fetch,
    );
  } catch (err) {
    return { models: [], error: redact(describeFailure(err, seen.refusal), c.apiKey ? [c.apiKey] : []) };
  }
  // What each listed model already is in the catalogue: a built-in one by its usual name on this
  // kind of connection, or one an admin added from this connection.
  const known = new Map<string, string>();
  // Tessera's own personas (Tessa, Writer…) run on models listed elsewhere: those names win.
  const groups = [
    ...MODEL_GROUPS.filter((g) => g.id !== "tessera"),
    ...MODEL_GROUPS.filter((g) => g.id === "tessera"),
  ];
  for (const g of groups)
    for (const m of g.models) {
      const name = upstreamOn(kind, m.upstream);
      if (name && !known.has(name)) known.set(name, m.id);
    }
  for (const row of (await readStored(deps.db, deps.cipher)).catalogue)
    if (!row.builtIn && row.connectionId === c.id && row.upstream) known.set(row.upstream, row.id);
  return {
    models: listed.map((m) => ({ ...m, catalogueId: known.get(m.id) ?? null })),
    error: null,
  };
}
