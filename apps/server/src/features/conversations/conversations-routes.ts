// The conversation library's routes: search inside messages, folders and pins, share links. Mounted
// before chat's /conversations/:id, which would take "search" for an id.
import {
  folderConversationsQuerySchema,
  folderNameSchema,
  messageSearchQuerySchema,
  organizeConversationSchema,
  shareRequestSchema,
} from "@tessera/contracts";
import { Hono } from "hono";
import { z } from "zod";
import type { Database } from "../../db/client";
import type { AppEnv } from "../../lib/context";
import { parseWith, readJson } from "../../lib/validate";
import { listConversations } from "../../db/conversation-list";
import { createFolder, deleteFolder, listFolders, ownFolder, renameFolder } from "./folders";
import { organizeConversation } from "./organize-conversation";
import { searchMessages } from "./search-messages";
import { getShare, listShares, revokeShare, shareConversation } from "./share-conversation";

export interface ConversationLibraryDeps {
  db: Database;
  /** Where share links point: PUBLIC_URL/share/<token>. */
  publicUrl: string;
}

const idParam = z.object({ id: z.string().uuid("not an id") });

export function conversationLibraryRoutes({ db, publicUrl }: ConversationLibraryDeps) {
  const user = (c: { get: (k: "session") => { user: { id: string } } }) => c.get("session").user.id;
  const id = (c: { req: { param: () => Record<string, string> } }) => parseWith(idParam, c.req.param()).id;
  return new Hono<AppEnv>()
    .get("/conversations/search", async (c) =>
      c.json(await searchMessages(db, user(c), parseWith(messageSearchQuerySchema, c.req.query()))),
    )
    .patch("/conversations/:id/organize", async (c) =>
      c.json(await organizeConversation(db, user(c), id(c), await readJson(c, organizeConversationSchema))),
    )
    .get("/conversations/:id/share", async (c) => c.json(await getShare(db, user(c), id(c), publicUrl)))
    .post("/conversations/:id/share", async (c) => {
      // An empty body shares without attachments.
      const body = c.req.header("content-length") === "0" ? {} : await readJson(c, shareRequestSchema);
      return c.json(await shareConversation(db, user(c), id(c), body, publicUrl));
    })
    .delete("/conversations/:id/share", async (c) => {
      await revokeShare(db, user(c), id(c));
      return c.body(null, 204);
    })
    .get("/shares", async (c) => c.json(await listShares(db, user(c), publicUrl)))
    .get("/conversation-folders", async (c) => c.json(await listFolders(db, user(c))))
    .post("/conversation-folders", async (c) => {
      const { name } = await readJson(c, folderNameSchema);
      return c.json(await createFolder(db, user(c), name), 201);
    })
    .patch("/conversation-folders/:id", async (c) => {
      const { name } = await readJson(c, folderNameSchema);
      return c.json(await renameFolder(db, user(c), id(c), name));
    })
    .delete("/conversation-folders/:id", async (c) => {
      await deleteFolder(db, user(c), id(c));
      return c.body(null, 204);
    })
    .get("/conversation-folders/:id/conversations", async (c) => {
      const folderId = id(c);
      await ownFolder(db, user(c), folderId);
      const { before } = parseWith(folderConversationsQuerySchema, c.req.query());
      return c.json(await listConversations(db, user(c), { before }, { folderId }));
    });
}
