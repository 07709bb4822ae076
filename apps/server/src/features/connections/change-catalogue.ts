// The admin's changes to the catalogue: add a model from a connection's list, switch a model off or
// on, route it through a chosen connection, or take the admin's layer away again. Each is announced
// to every process and in use here before the answer goes back.
import {
  CONNECTION_KIND_INFO,
  findCatalogueModel,
  LOCAL_SERVER_PREFIX,
  type addModelToCatalogueSchema,
  type AdminCatalogueModel,
  type updateCatalogueModelSchema,
} from "@tessera/contracts";
import { eq } from "drizzle-orm";
import type { z } from "zod";
import { catalogueModels } from "../../db/schema";
import { AppError, notFound } from "../../lib/errors";
import { upstreamOn } from "../../providers/llm/routing";
import type { LlmEndpointKind } from "../../providers/llm/types";
import { FIXED_MODELS, readAdminCatalogue } from "./admin-catalogue";
import { findConnection, type ConnectionsDeps } from "./connections-deps";
import { announceChange } from "./stored-connections";

const noSuchModel = () => notFound("No such model in the catalogue.");

/** Prefixes other parts of Tessera give their own models' ids. */
const RESERVED_PREFIXES = [LOCAL_SERVER_PREFIX, "gguf/"];

async function languageConnection(deps: ConnectionsDeps, id: string) {
  const c = await findConnection(deps, id);
  if (CONNECTION_KIND_INFO[c.kind].capability !== "language")
    throw new AppError("BAD_REQUEST", `“${c.name}” does not serve language models.`);
  return c;
}

async function entryOf(deps: ConnectionsDeps, id: string): Promise<AdminCatalogueModel> {
  await deps.live.reload();
  const entry = (await readAdminCatalogue(deps)).models.find((m) => m.id === id);
  if (!entry) throw noSuchModel();
  return entry;
}

export async function addCatalogueModel(
  deps: ConnectionsDeps,
  input: z.output<typeof addModelToCatalogueSchema>,
): Promise<AdminCatalogueModel> {
  await languageConnection(deps, input.connectionId);
  const id = input.upstream;
  const builtIn = findCatalogueModel(id);
  if (builtIn)
    throw new AppError(
      "CONFLICT",
      `${builtIn.name} is in the catalogue already: choose its connection there.`,
    );
  if (RESERVED_PREFIXES.some((p) => id.startsWith(p)))
    throw new AppError("BAD_REQUEST", `A model's name cannot start with ${RESERVED_PREFIXES.join(" or ")}.`);
  const added = await deps.db.transaction(async (tx) => {
    const rows = await tx
      .insert(catalogueModels)
      .values({
        id,
        builtIn: false,
        name: input.name,
        groupId: input.group,
        description: input.description ?? null,
        vision: input.vision,
        connectionId: input.connectionId,
        upstream: input.upstream,
      })
      .onConflictDoNothing()
      .returning({ id: catalogueModels.id });
    if (rows.length > 0) await announceChange(tx);
    return rows.length > 0;
  });
  if (!added) throw new AppError("CONFLICT", `${id} is in the catalogue already.`);
  return entryOf(deps, id);
}

export async function updateCatalogueModel(
  deps: ConnectionsDeps,
  id: string,
  input: z.output<typeof updateCatalogueModelSchema>,
): Promise<AdminCatalogueModel> {
  const builtIn = findCatalogueModel(id);
  const [row] = await deps.db.select().from(catalogueModels).where(eq(catalogueModels.id, id));
  if (!builtIn && !row) throw noSuchModel();
  if (FIXED_MODELS.includes(id))
    throw new AppError("BAD_REQUEST", "Tessa and Tessera Local are built in and always on.");
  if (builtIn && (input.name !== undefined || input.group !== undefined || input.description !== undefined))
    throw new AppError("BAD_REQUEST", "A built-in model keeps its name, group and description.");
  const connectionId = input.connectionId === undefined ? (row?.connectionId ?? null) : input.connectionId;
  const upstream = input.upstream === undefined ? (row?.upstream ?? null) : input.upstream;
  if (!builtIn && !upstream)
    throw new AppError("BAD_REQUEST", "An added model needs its name on the connection.");
  if (connectionId && (input.connectionId !== undefined || input.upstream !== undefined)) {
    const c = await languageConnection(deps, connectionId);
    // A vendor serves its own models by their own names; anything else must be told the name.
    if (builtIn && !upstream && !upstreamOn(c.kind as LlmEndpointKind, builtIn.upstream))
      throw new AppError(
        "BAD_REQUEST",
        `“${c.name}” does not serve ${builtIn.name} under a name Tessera knows: give the model's name there.`,
      );
  }
  const values = {
    enabled: input.enabled ?? row?.enabled ?? true,
    connectionId,
    upstream,
    name: builtIn ? null : (input.name ?? row?.name ?? null),
    groupId: builtIn ? null : (input.group ?? row?.groupId ?? null),
    description: builtIn ? null : (input.description ?? row?.description ?? null),
    updatedAt: new Date(),
  };
  await deps.db.transaction(async (tx) => {
    await tx
      .insert(catalogueModels)
      .values({ id, builtIn: Boolean(builtIn), vision: builtIn?.vision ?? row?.vision ?? false, ...values })
      .onConflictDoUpdate({ target: catalogueModels.id, set: values });
    await announceChange(tx);
  });
  return entryOf(deps, id);
}

/** An added model leaves the catalogue; a built-in one goes back to how it shipped (on, automatic). */
export async function removeCatalogueModel(deps: ConnectionsDeps, id: string): Promise<void> {
  const removed = await deps.db.transaction(async (tx) => {
    const rows = await tx
      .delete(catalogueModels)
      .where(eq(catalogueModels.id, id))
      .returning({ id: catalogueModels.id });
    if (rows.length > 0) await announceChange(tx);
    return rows.length > 0;
  });
  if (!removed && !findCatalogueModel(id)) throw noSuchModel();
  await deps.live.reload();
}
