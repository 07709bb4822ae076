import {
  DOCUMENT_UPLOAD_MAX_BYTES,
  createDocumentFromUrlSchema,
  createDocumentSchema,
} from "@tessera/contracts";
import { Hono, type Context } from "hono";
import { z } from "zod";
import type { Database } from "../../db/client";
import type { JobQueue } from "../../jobs/queue";
import { queueIndexing } from "../../knowledge/index-documents";
import { readAddress, readFileContent } from "../../knowledge/read-content";
import type { AppEnv } from "../../lib/context";
import { readUpload, uploadLimit } from "../../lib/upload";
import { parseWith, readJson } from "../../lib/validate";
import { createDocument, deleteDocument, getDocument, listDocuments, type NewDocument } from "./documents";
import { getChunk } from "./get-chunk";

const idParam = z.object({ id: z.string().uuid("not a document id") });
const chunkParam = idParam.extend({ chunkId: z.string().uuid("not a passage id") });
const chunkQuery = z.object({ assistantId: z.string().uuid("not an assistant id").optional() });
const URL_READ_TIMEOUT_MS = 15_000;

export interface DocumentsDeps {
  db: Database;
  /** Where a new document's indexing for retrieval (chunks and embeddings) is queued. */
  jobs: JobQueue;
  /** Development and tests only: lets "add from URL" read private addresses. */
  allowPrivateFetch?: boolean;
}

/** "notes/Field guide.md" → "Field guide". */
const titleFromFileName = (name: string) =>
  name
    .replace(/^.*[\\/]/, "")
    .replace(/\.[a-z0-9]{1,8}$/i, "")
    .trim();

/** The page's own title, else its address without the scheme. */
const titleFromUrl = (url: string) => url.replace(/^https?:\/\//, "").replace(/\/$/, "");

/**
 * A document from an uploaded file (multipart "file", optional "title"): read by the parser pool.
 * Titled by the form's title, else the page's own title when it is HTML, else the file name.
 */
export async function documentFromUpload(c: Context<AppEnv>, userId: string): Promise<NewDocument> {
  const upload = await readUpload(c, "file");
  const read = await readFileContent(upload.bytes, { owner: userId, name: upload.name });
  return {
    title: upload.fields.title?.trim() || read.title?.trim() || titleFromFileName(upload.name),
    content: read.text,
  };
}

/** A document read from an address, through the guarded client (private addresses refused). */
export async function documentFromUrl(
  c: Context<AppEnv>,
  userId: string,
  allowPrivateFetch: boolean | undefined,
): Promise<NewDocument> {
  const input = await readJson(c, createDocumentFromUrlSchema);
  const page = await readAddress(
    input.url,
    { timeoutMs: URL_READ_TIMEOUT_MS, maxBytes: DOCUMENT_UPLOAD_MAX_BYTES, allowPrivate: allowPrivateFetch },
    { owner: userId },
  );
  return {
    title: input.title || page.title || titleFromUrl(page.url),
    content: page.text,
    sourceUrl: page.url,
  };
}

/** Stores the document and queues its indexing: the answer does not wait for the embeddings. */
export async function createAndIndex(
  { db, jobs }: Pick<DocumentsDeps, "db" | "jobs">,
  userId: string,
  input: NewDocument,
) {
  const doc = await createDocument(db, userId, input);
  await queueIndexing(jobs, db, userId, doc.id);
  return doc;
}

export function documentsRoutes({ db, jobs, allowPrivateFetch }: DocumentsDeps) {
  const user = (c: { get: (k: "session") => { user: { id: string } } }) => c.get("session").user.id;
  const create = (userId: string, input: NewDocument) => createAndIndex({ db, jobs }, userId, input);
  return new Hono<AppEnv>()
    .get("/", async (c) => c.json(await listDocuments(db, user(c))))
    .post("/", async (c) => c.json(await create(user(c), await readJson(c, createDocumentSchema)), 201))
    .post("/upload", uploadLimit, async (c) =>
      c.json(await create(user(c), await documentFromUpload(c, user(c))), 201),
    )
    .post("/from-url", async (c) =>
      c.json(await create(user(c), await documentFromUrl(c, user(c), allowPrivateFetch)), 201),
    )
    .get("/:id", async (c) => c.json(await getDocument(db, user(c), parseWith(idParam, c.req.param()).id)))
    .get("/:id/chunks/:chunkId", async (c) => {
      const { id, chunkId } = parseWith(chunkParam, c.req.param());
      // The assistant whose answer cited it: its users read the passage too (get-chunk.ts).
      const { assistantId } = parseWith(chunkQuery, c.req.query());
      return c.json(await getChunk(db, user(c), id, chunkId, assistantId));
    })
    .post("/:id/reindex", async (c) => {
      const { id } = parseWith(idParam, c.req.param());
      await getDocument(db, user(c), id);
      await queueIndexing(jobs, db, user(c), id);
      return c.json(await getDocument(db, user(c), id), 202);
    })
    .delete("/:id", async (c) => {
      await deleteDocument(db, user(c), parseWith(idParam, c.req.param()).id);
      return c.body(null, 204);
    });
}
