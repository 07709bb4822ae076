import {
  chatRegenerateRequestSchema,
  chatStopRequestSchema,
  chatStreamRequestSchema,
  chatToolApprovalRequestSchema,
  providerSupportsTools,
  TOOL_MAX_STEPS_DEFAULT,
  conversationBranchSchema,
  conversationListQuerySchema,
  conversationRenameSchema,
  messagePageQuerySchema,
  STREAM_MESSAGES,
} from "@tessera/contracts";
import { Hono, type Context } from "hono";
import { z } from "zod";
import type { Database } from "../../db/client";
import { requestLanguage } from "../../i18n/request-language";
import { assistantDocumentIds } from "../../knowledge/assistant-knowledge";
import { readableCollectionIds } from "../../knowledge/collections";
import { findVisibleAssistant } from "../../knowledge/find-assistant";
import { retrieveFromCollections, retrievePassages } from "../../knowledge/retrieve-passages";
import type { AppEnv } from "../../lib/context";
import { AppError } from "../../lib/errors";
import { readUpload, uploadLimit } from "../../lib/upload";
import type { Logger } from "../../lib/logger";
import { limitChatMessages, type RateLimiter } from "../../lib/rate-limiter";
import { sseResponse } from "../../lib/sse-response";
import { parseWith, readJson } from "../../lib/validate";
import type { LlmRegistry, ResolveContext, Retrieve } from "../../providers/llm/types";
import type { Storage } from "../../providers/storage/storage";
import {
  deleteConversation,
  earlierAnswers,
  getConversation,
  listConversations,
  listMessages,
  renameConversation,
} from "./conversations";
import { lockModelsByPlan, readPlan } from "../../billing/plans";
import type { SearchProvider } from "../../providers/search/types";
import type { DurableAnswers } from "../../streams/durable-answers";
import { contentDisposition } from "../../lib/content-disposition";
import { allConversationsFileName, exportAllConversations, exportConversation } from "./export-conversation";
import { extractAttachment } from "./extract-attachment";
import { prepareChat, type PreparedChat } from "./prepare-chat";
import { prepareRegenerate } from "./prepare-regenerate";
import { startAnswer } from "./start-answer";
import { followAnswer, followEvents, storedSteps } from "./follow-answer";
import { stopAnswer } from "./stop-answer";
import { switchBranch } from "./switch-branch";
import { decideToolCall, TOOL_APPROVAL_WAIT_MS } from "./tool-approval";
import type { ToolDefinition } from "../../tools/types";
import { uploadChatImage } from "./upload-chat-image";

export interface ChatDeps {
  db: Database;
  limiter: RateLimiter;
  /** Messages a person may send a minute. */
  messagesPerMinute: number;
  llm: LlmRegistry;
  storage: Storage;
  logger: Logger;
  idleMs: number;
  totalMs: number;
  /** Where research finds its sources: the web provider when one is configured, else the workspace. */
  search: SearchProvider;
  /** Development and tests only: lets deep crawl read pages on private addresses. */
  allowPrivateFetch?: boolean;
  /** The process's durable answers: followed, stopped by name, ended with a closing event on shutdown. */
  answers: DurableAnswers;
  /** Where this instance is reached: an exported conversation links its pictures there. */
  publicUrl: string;
  /** The tools named by `ids` that the person may use now (tools/registry.ts `resolveTools`). */
  tools?: (userId: string, ids: string[]) => Promise<ToolDefinition[]>;
  /** Model calls per answer, tool rounds included (TOOL_MAX_STEPS). */
  toolMaxSteps?: number;
  /** How long a tool call waits for the person's approval before it is denied. */
  toolApprovalMs?: number;
}

const idParam = z.object({ id: z.string().uuid("not a conversation id") });
const answerParam = z.object({ messageId: z.string().uuid("not a message id") });
const earlierParams = idParam.merge(answerParam);

/** What the checks before a turn found: who asks, as which assistant, and where knowledge comes from. */
interface Turn {
  userId: string;
  assistant: Awaited<ReturnType<typeof findVisibleAssistant>> | null;
  retrieve: Retrieve;
  /** What the model is resolved with: the retrieval, and whom Tessera Local answers as and to. */
  resolveCtx: ResolveContext;
  prepareDeps: { db: Database; llm: LlmRegistry; imageUrl: (storageKey: string) => string; writerId: string };
  /** The person's messages a minute, counted: rejects (429) over the limit. */
  limited: Promise<void>;
}

/** The turn's reads and its rate limit, both done: the prepared turn, or the first refusal. */
async function checked<T>(turn: Turn, prepare: Promise<T>): Promise<T> {
  const [prepared] = await Promise.all([prepare, turn.limited]);
  return prepared;
}

/** What a message and a regenerate share: the checks before a turn, and streaming its answer. */
function turnSteps(deps: ChatDeps) {
  /** The checks before anything is stored: shutting down, the rate limit, the assistant. */
  async function beginTurn(
    c: Context<AppEnv>,
    assistantId: string | null | undefined,
    collectionIds: string[] = [],
  ): Promise<Turn> {
    const { user } = c.get("session");
    const userId = user.id;
    // Shutting down: store nothing that could not be answered.
    if (deps.answers.closing) throw new AppError("UNAVAILABLE", STREAM_MESSAGES.restarting);
    // Counted (in the database or Redis, a round trip) while the turn is read; decided before anything
    // is stored or asked (`checked`).
    const limited = limitChatMessages(deps.limiter, userId, deps.messagesPerMinute);
    limited.catch(() => undefined);
    // Tessera Local words its answer in the person's language (their choice, else the browser's).
    const language = requestLanguage(c, deps.db);
    const assistant = assistantId ? await findVisibleAssistant(deps.db, userId, assistantId) : null;
    // Knowledge bases chosen for the message (`#` in the composer): grounding searches only them.
    const chosen = await readableCollectionIds(deps.db, userId, collectionIds);
    // An assistant brings its knowledge documents and collections along, whoever is chatting with it.
    // Only what its owner still reads: leaving a team takes that team's collections out at once.
    const assistantDocuments = assistant ? await assistantDocumentIds(deps.db, assistant) : [];
    const retrieve: Retrieve = chosen.length
      ? (query, limit) => retrieveFromCollections(deps.db, userId, chosen, query, limit)
      : (query, limit) => retrievePassages(deps.db, userId, query, limit, assistantDocuments);
    const prepareDeps = {
      db: deps.db,
      llm: deps.llm,
      imageUrl: (key: string) => deps.storage.publicUrl(key),
      writerId: deps.answers.writerId,
    };
    // An assistant on Tessera Local answers by its own name; only an instance admin (the role that
    // sees the admin pages) is told where to connect a model.
    const resolveCtx = {
      retrieve,
      speaker: assistant?.name,
      admin: user.role === "admin",
      language: await language,
    };
    return { userId, assistant, retrieve, resolveCtx, prepareDeps, limited };
  }

  /** The tools the answer may call: none for a model that cannot call them, or when none were chosen. */
  async function toolsOf(userId: string, prepared: PreparedChat) {
    if (!deps.tools || !prepared.toolIds.length || !providerSupportsTools(prepared.resolved.provider))
      return null;
    const definitions = await deps.tools(userId, prepared.toolIds);
    if (!definitions.length) return null;
    return {
      definitions,
      maxSteps: deps.toolMaxSteps ?? TOOL_MAX_STEPS_DEFAULT,
      approvalMs: deps.toolApprovalMs ?? TOOL_APPROVAL_WAIT_MS,
      answers: deps.answers,
      userId,
    };
  }

  /** The checked turn's answer: stored, asked and streamed (start-answer.ts). */
  async function answer(
    c: Context<AppEnv>,
    { userId, assistant, retrieve }: Turn,
    prepared: PreparedChat,
    question: string,
    deepCrawl: boolean,
  ) {
    const tools = await toolsOf(userId, prepared);
    return startAnswer(
      {
        db: deps.db,
        answers: deps.answers,
        readImage: (key) => deps.storage.get(key),
        idleMs: deps.idleMs,
        totalMs: deps.totalMs,
        search: deps.search,
        allowPrivateFetch: deps.allowPrivateFetch,
      },
      c,
      prepared,
      {
        userId,
        question,
        deepCrawl,
        retrieve,
        tools,
        persona: assistant
          ? {
              name: assistant.name,
              systemPrompt: assistant.systemPrompt,
              instructions: assistant.knowledgeBase.instructions,
              temperature: assistant.settings.temperature,
              maxTokens: assistant.settings.maxTokens,
            }
          : null,
      },
    );
  }

  return { beginTurn, answer };
}

export function chatRoutes(deps: ChatDeps) {
  const { beginTurn, answer } = turnSteps(deps);
  return new Hono<AppEnv>()
    .get("/models", async (c) => {
      const { plan } = await readPlan(deps.db, c.get("session").user.id);
      return c.json(lockModelsByPlan(await deps.llm.listModels(), plan));
    })
    .post("/chat-stream", async (c) => {
      const input = await readJson(c, chatStreamRequestSchema);
      const turn = await beginTurn(c, input.assistantId, input.collectionIds);
      const prepared = await checked(
        turn,
        prepareChat(turn.prepareDeps, turn.userId, input, turn.resolveCtx, turn.assistant?.tools ?? []),
      );
      return answer(c, turn, prepared, input.message, input.deepCrawl);
    })
    .post("/chat-stream/regenerate", async (c) => {
      const input = await readJson(c, chatRegenerateRequestSchema);
      const turn = await beginTurn(c, input.assistantId, input.collectionIds);
      const prepared = await checked(
        turn,
        prepareRegenerate(turn.prepareDeps, turn.userId, input, turn.resolveCtx),
      );
      return answer(c, turn, prepared, prepared.question, input.deepCrawl);
    })
    .post("/chat-stream/stop", async (c) => {
      await stopAnswer(deps, c.get("session").user.id, await readJson(c, chatStopRequestSchema));
      return c.body(null, 204);
    })
    .post("/chat-stream/tool-approval", async (c) => {
      const input = await readJson(c, chatToolApprovalRequestSchema);
      await decideToolCall(deps, c.get("session").user.id, input);
      return c.body(null, 204);
    })
    .get("/chat-stream/:messageId/follow", async (c) => {
      const { messageId } = parseWith(answerParam, c.req.param());
      const userId = c.get("session").user.id;
      const follower = await followAnswer(deps, userId, messageId);
      if (!follower) return c.body(null, 204);
      const readSteps = () => storedSteps(deps.db, userId, messageId);
      return sseResponse(c, (signal) => followEvents(messageId, follower, signal, readSteps), {
        track: (controller) => deps.answers.track(controller),
      });
    })
    .post("/chat-images", uploadLimit, async (c) => {
      const { bytes } = await readUpload(c, "image");
      return c.json(
        await uploadChatImage({ db: deps.db, storage: deps.storage }, c.get("session").user.id, bytes),
        201,
      );
    })
    .post("/attachments/extract", uploadLimit, async (c) =>
      c.json(await extractAttachment(c.get("session").user.id, await readUpload(c, "file"))),
    )
    .get("/conversations", async (c) => {
      const query = parseWith(conversationListQuerySchema, c.req.query());
      return c.json(await listConversations(deps.db, c.get("session").user.id, query));
    })
    .get("/conversations/export", (c) => {
      // Mounted before /conversations/:id, which would take "export" for an id.
      const now = new Date();
      c.header("Content-Type", "application/json; charset=utf-8");
      c.header("Content-Disposition", contentDisposition("attachment", allConversationsFileName(now)));
      return c.body(exportAllConversations(deps.db, c.get("session").user.id, now, c.get("logger")));
    })
    .get("/conversations/:id", async (c) => {
      const { id } = parseWith(idParam, c.req.param());
      return c.json(await getConversation(deps.db, c.get("session").user.id, id));
    })
    .patch("/conversations/:id", async (c) => {
      const { id } = parseWith(idParam, c.req.param());
      const { title } = await readJson(c, conversationRenameSchema);
      return c.json(await renameConversation(deps.db, c.get("session").user.id, id, title));
    })
    .get("/conversations/:id/export", async (c) => {
      const { id } = parseWith(idParam, c.req.param());
      const { fileName, markdown } = await exportConversation(
        deps.db,
        c.get("session").user.id,
        id,
        deps.publicUrl,
      );
      c.header("Content-Type", "text/markdown; charset=utf-8");
      c.header("Content-Disposition", contentDisposition("attachment", fileName));
      return c.body(markdown);
    })
    .patch("/conversations/:id/branch", async (c) => {
      const { id } = parseWith(idParam, c.req.param());
      const { messageId } = await readJson(c, conversationBranchSchema);
      return c.json(await switchBranch(deps.db, c.get("session").user.id, id, messageId));
    })
    .get("/conversations/:id/messages/:messageId/earlier", async (c) => {
      const { id, messageId } = parseWith(earlierParams, c.req.param());
      return c.json(await earlierAnswers(deps.db, c.get("session").user.id, id, messageId));
    })
    .get("/conversations/:id/messages", async (c) => {
      const { id } = parseWith(idParam, c.req.param());
      const page = parseWith(messagePageQuerySchema, c.req.query());
      return c.json(await listMessages(deps.db, c.get("session").user.id, id, page));
    })
    .delete("/conversations/:id", async (c) => {
      const { id } = parseWith(idParam, c.req.param());
      await deleteConversation(deps.db, c.get("session").user.id, id);
      return c.body(null, 204);
    });
}
