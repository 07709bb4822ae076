// GET /api/tools: the tools this person may use now, as the composer lists them.
import type { ToolSummary } from "@tessera/contracts";
import { toolsFor } from "../../tools/registry";
import type { ToolDeps } from "../../tools/tool-deps";

export async function listTools(deps: ToolDeps, userId: string): Promise<ToolSummary[]> {
  return (await toolsFor(deps, userId)).map((t) => ({
    id: t.id,
    name: t.name,
    description: t.description,
    source: t.source,
    ...(t.server === undefined ? {} : { server: t.server }),
    requireApproval: t.requireApproval,
  }));
}
