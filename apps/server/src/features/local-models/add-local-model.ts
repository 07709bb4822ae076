// POST /api/admin/local-models: a model from the catalogue, from a file's address, or a file already
// in the models folder. A download is asked for while the admin waits, so that an address that answers
// with an error, a web page or no room on the disk is refused at once with nothing made; then it goes
// on in the background and GET shows its progress.
import {
  findLocalCatalogueModel,
  type AddLocalModel,
  type LocalModel,
  localModelNameSchema,
} from "@tessera/contracts";
import { stat } from "node:fs/promises";
import { basename, relative, sep } from "node:path";
import { eq, or, sql } from "drizzle-orm";
import { localModels } from "../../db/schema";
import { AppError } from "../../lib/errors";
import { NotGgufError, readGgufHeader } from "../../providers/llm/gguf/gguf-header";
import { formatBytes } from "../../providers/llm/gguf/memory";
import type { LocalModelsDeps } from "./local-models-deps";
import { openDownload } from "./open-download";
import { toLocalModel } from "./to-local-model";

const exists = (path: string) =>
  stat(path).then(
    () => true,
    () => false,
  );

/** Room left on the disk beyond the file itself (the database, logs, other uploads). */
const DISK_MARGIN = 256 * 2 ** 20;

interface Target {
  url: string;
  name: string;
  source: "catalogue" | "url";
  catalogueId: string | null;
  expectedSha256: string | null;
  checksumSource: "catalogue" | "admin" | null;
}

export async function addLocalModel(
  deps: LocalModelsDeps,
  userId: string,
  input: AddLocalModel,
): Promise<LocalModel> {
  if ("path" in input) return addPlacedFile(deps, userId, input.path);
  const target = "catalogueId" in input ? fromCatalogue(deps, input.catalogueId) : fromUrl(input);
  const file = `${target.name}.gguf`;
  await refuseTaken(deps, target.name, file);
  if (await exists(deps.folder.pathOf(file)))
    throw new AppError(
      "CONFLICT",
      `The models folder already has a file named ${file}: add it as a file on the server, or give this model another name.`,
    );
  const opened = await openDownload(target.url, { hub: deps.hub, idleMs: deps.timings.idleMs });
  try {
    const free = await deps.folder.freeBytes();
    if (opened.sizeBytes !== null && free !== null && opened.sizeBytes + DISK_MARGIN > free)
      throw new AppError(
        "INSUFFICIENT_STORAGE",
        `Not enough disk space: the file is ${formatBytes(opened.sizeBytes)} and the models folder's disk has ${formatBytes(free)} free.`,
      );
    const expected = target.expectedSha256 ?? opened.etagSha256;
    const [row] = await deps.db
      .insert(localModels)
      .values({
        name: target.name,
        source: target.source,
        catalogueId: target.catalogueId,
        url: target.url,
        file,
        status: "downloading",
        sizeBytes: opened.sizeBytes,
        expectedSha256: expected,
        checksumSource: target.checksumSource ?? (expected ? "etag" : null),
        leaseUntil: sql`now() + ${deps.timings.leaseMs}::int * interval '1 millisecond'`,
        createdBy: userId,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) throw taken(target.name);
    deps.downloads.start(row, opened);
    return toLocalModel(row, { memoryBytes: null, loaded: false });
  } catch (err) {
    opened.stream.close();
    throw err;
  }
}

function fromCatalogue(deps: LocalModelsDeps, catalogueId: string): Target {
  const model = findLocalCatalogueModel(catalogueId);
  if (!model) throw new AppError("VALIDATION_FAILED", "catalogueId: no such model in the catalogue.");
  return {
    url: `${deps.hub.endpoint}/${model.repo}/resolve/main/${model.file}`,
    name: nameOf(model.file),
    source: "catalogue",
    catalogueId: model.id,
    expectedSha256: model.sha256,
    checksumSource: model.sha256 ? "catalogue" : null,
  };
}

function fromUrl(input: { url: string; sha256?: string; name?: string }): Target {
  const last = new URL(input.url).pathname.split("/").filter(Boolean).pop() ?? "";
  let decoded = last;
  try {
    decoded = decodeURIComponent(last);
  } catch {
    // a malformed escape: the name is made from the raw segment
  }
  return {
    url: input.url,
    name: input.name ?? nameOf(decoded),
    source: "url",
    catalogueId: null,
    expectedSha256: input.sha256 ?? null,
    checksumSource: input.sha256 ? "admin" : null,
  };
}

/** A model's name from its file's: lower-case, `.gguf` off, anything unusual a dash. */
export function nameOf(file: string): string {
  const name = file
    .replace(/\.gguf$/i, "")
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, "-")
    .replace(/^[^a-z0-9]+/, "")
    .slice(0, 100);
  return localModelNameSchema.safeParse(name).success ? name : "model";
}

const taken = (name: string) =>
  new AppError(
    "CONFLICT",
    `A model named ${name} is already added. Remove it first, or give this one another name.`,
  );

async function refuseTaken(deps: LocalModelsDeps, name: string, file: string) {
  const [row] = await deps.db
    .select({ id: localModels.id })
    .from(localModels)
    .where(or(eq(localModels.name, name), eq(localModels.file, file)))
    .limit(1);
  if (row) throw taken(name);
}

async function addPlacedFile(deps: LocalModelsDeps, userId: string, path: string): Promise<LocalModel> {
  const full = deps.folder.pathOf(path);
  const info = await stat(full).catch(() => null);
  if (!info?.isFile()) throw new AppError("NOT_FOUND", `There is no file ${path} in the models folder.`);
  let header;
  try {
    header = await readGgufHeader(full);
  } catch (err) {
    throw new AppError(
      "UNSUPPORTED_MEDIA_TYPE",
      err instanceof NotGgufError
        ? `${path} is not a usable GGUF model: ${err.message}`
        : `${path} could not be read.`,
    );
  }
  const name = nameOf(basename(full));
  const file = relative(deps.folder.dir, full).split(sep).join("/");
  await refuseTaken(deps, name, file);
  const [row] = await deps.db
    .insert(localModels)
    .values({
      name,
      source: "file",
      file,
      status: "ready",
      sizeBytes: info.size,
      downloadedBytes: info.size,
      details: {
        architecture: header.architecture,
        parameters: header.sizeLabel,
        contextLength: header.contextLength,
        chatTemplate: header.chatTemplate,
      },
      createdBy: userId,
    })
    .onConflictDoNothing()
    .returning();
  if (!row) throw taken(name);
  const memory = await deps.runtime.memoryFor({ name, path: full, sizeBytes: info.size });
  return toLocalModel(row, { memoryBytes: memory.neededBytes, loaded: false });
}
