// /api/knowledge/collections: knowledge bases and the documents in them. Documents are added the
// ways /api/documents adds them (text, an uploaded file, a page read through the guarded client).
import { createCollectionSchema, createDocumentSchema, updateCollectionSchema } from "@tessera/contracts";
import { Hono, type Context } from "hono";
import { z } from "zod";
import type { AppEnv } from "../../lib/context";
import { notFound } from "../../lib/errors";
import { uploadLimit } from "../../lib/upload";
import { parseWith, readJson } from "../../lib/validate";
import { queueIndexing } from "../../knowledge/index-documents";
import { deleteDocument, getDocument, reindexPassages, type NewDocument } from "./documents";
import { createAndIndex, documentFromUpload, documentFromUrl, type DocumentsDeps } from "./documents-routes";
import {
  createCollection,
  deleteCollection,
  getCollection,
  listCollections,
  readableCollection,
  touchCollection,
  updateCollection,
} from "./collections";

const idParam = z.object({ id: z.string().uuid("not a collection id") });
const documentParam = idParam.extend({ documentId: z.string().uuid("not a document id") });

export function collectionsRoutes({ db, jobs, allowPrivateFetch }: DocumentsDeps) {
  const user = (c: Context<AppEnv>) => c.get("session").user.id;
  const id = (c: Context<AppEnv>) => parseWith(idParam, c.req.param()).id;

  /** Adds what `read` makes of the request to the collection, once the caller is known to read it. */
  const add = async (c: Context<AppEnv>, read: () => Promise<NewDocument>) => {
    const collection = await readableCollection(db, user(c), id(c));
    const doc = await createAndIndex({ db, jobs }, user(c), {
      ...(await read()),
      collectionId: collection.id,
    });
    await touchCollection(db, collection.id);
    return c.json(doc, 201);
  };
  /** A document of the collection, for someone who reads the collection. */
  const documentOf = async (c: Context<AppEnv>) => {
    const p = parseWith(documentParam, c.req.param());
    await readableCollection(db, user(c), p.id);
    const doc = await getDocument(db, user(c), p.documentId);
    if (doc.collection_id !== p.id) throw notFound("Document not found.");
    return doc;
  };

  return new Hono<AppEnv>()
    .get("/", async (c) => c.json(await listCollections(db, user(c))))
    .post("/", async (c) =>
      c.json(await createCollection(db, user(c), await readJson(c, createCollectionSchema)), 201),
    )
    .get("/:id", async (c) => c.json(await getCollection(db, user(c), id(c))))
    .patch("/:id", async (c) =>
      c.json(await updateCollection(db, user(c), id(c), await readJson(c, updateCollectionSchema))),
    )
    .delete("/:id", async (c) => {
      await deleteCollection(db, user(c), id(c));
      return c.body(null, 204);
    })
    .post("/:id/documents", (c) => add(c, () => readJson(c, createDocumentSchema)))
    .post("/:id/documents/upload", uploadLimit, (c) => add(c, () => documentFromUpload(c, user(c))))
    .post("/:id/documents/from-url", (c) => add(c, () => documentFromUrl(c, user(c), allowPrivateFetch)))
    .get("/:id/documents/:documentId", async (c) => c.json(await documentOf(c)))
    .post("/:id/documents/:documentId/reindex", async (c) => {
      const doc = await documentOf(c);
      const { ownerId } = await reindexPassages(db, user(c), doc.id);
      await queueIndexing(jobs, db, ownerId, doc.id);
      return c.json(await getDocument(db, user(c), doc.id), 202);
    })
    .delete("/:id/documents/:documentId", async (c) => {
      const doc = await documentOf(c);
      await deleteDocument(db, user(c), doc.id, doc.collection_id ?? undefined);
      return c.body(null, 204);
    });
}
