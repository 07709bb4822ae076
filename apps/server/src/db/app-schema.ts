// Tables owned by Tessera itself. Every row that belongs to someone carries user_id (or a team id).
import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  customType,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import type { SharedConversation } from "@tessera/contracts";
import type { ToolStep } from "@tessera/contracts";
import { organization, user } from "./auth-schema";

export const profiles = pgTable("profiles", {
  id: uuid("id").primaryKey().defaultRandom(),
  userId: text("user_id")
    .notNull()
    .unique()
    .references(() => user.id, { onDelete: "cascade" }),
  fullName: text("full_name"),
  avatarUrl: text("avatar_url"),
  /** The person's language (contracts' LANGUAGE_CODES) for the app and their mail; null: the browser's. */
  language: text("language"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Mail that was sent, or (without SMTP) only kept here with its link logged. */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    to: text("to").notNull(),
    kind: text("kind").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    link: text("link"),
    status: text("status").notNull(),
    error: text("error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("mail_outbox_to_idx").on(t.to, t.createdAt)],
);

/**
 * A single row (id = 1). Whoever inserts it first is the instance admin, which makes "exactly one
 * first admin" hold under concurrent sign-ups: the primary key decides, not a count.
 */
export const instance = pgTable(
  "instance",
  {
    id: integer("id").primaryKey(),
    firstAdminUserId: text("first_admin_user_id").references(() => user.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("instance_singleton", sql`${t.id} = 1`)],
);

/**
 * What the instance admin sets on Admin → Settings, one row (id = 1; none means the defaults). Read
 * by every process and read again when `tessera_settings` announces a change (settings/live-settings.ts).
 */
export const instanceSettings = pgTable(
  "instance_settings",
  {
    id: integer("id").primaryKey(),
    /** open: anyone; invite: an address with a pending team invitation; closed: nobody new. */
    registration: text("registration", { enum: ["open", "invite", "closed"] })
      .notNull()
      .default("open"),
    /** Sign-up only from these mail domains; empty: any domain. */
    allowedDomains: jsonb("allowed_domains").$type<string[]>().notNull().default([]),
    /** The plan a new account starts on (it gates something only with billing on). */
    defaultPlan: text("default_plan", { enum: ["core", "pro", "max", "team"] })
      .notNull()
      .default("core"),
    /** Shown in the header and mail subjects beside the product's name; null: none. */
    instanceName: text("instance_name"),
    /** Retrieval's embedding model: a connection's (Admin → Connections); null: the built-in one. */
    embeddingModel: jsonb("embedding_model").$type<{ connectionId: string; model: string }>(),
    updatedBy: text("updated_by").references(() => user.id, { onDelete: "set null" }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("instance_settings_singleton", sql`${t.id} = 1`)],
);

/**
 * Company sign-in (OpenID Connect) as Admin → Sign-in configured it; one row at most. The client
 * secret is sealed with the instance's cipher (lib/crypto.ts). Without a row the OIDC_* environment
 * variables apply, if set.
 */
export const ssoSettings = pgTable(
  "sso_settings",
  {
    id: integer("id").primaryKey(),
    issuer: text("issuer").notNull(),
    clientId: text("client_id").notNull(),
    sealedClientSecret: text("sealed_client_secret").notNull(),
    /** The sign-in page's button; empty: "Sign in with SSO". */
    buttonLabel: text("button_label").notNull().default(""),
    /** Only addresses at these domains may sign in this way; empty: any. */
    allowedDomains: jsonb("allowed_domains").$type<string[]>().notNull().default([]),
    joinTeamByDomain: boolean("join_team_by_domain").notNull().default(false),
    /** The claim that makes an instance admin; null: none. */
    adminClaim: text("admin_claim"),
    /** The value it must hold or contain; null: the claim must be true. */
    adminClaimValue: text("admin_claim_value"),
    updatedBy: text("updated_by").references(() => user.id, { onDelete: "set null" }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("sso_settings_singleton", sql`${t.id} = 1`)],
);

/**
 * Monthly caps on what people spend on models (tokens, US dollars or both), for everyone (the
 * instance default), a team's members or one person; each person's narrowest applies
 * (billing/budgets.ts). Removing the team or the person removes theirs.
 */
export const budgets = pgTable(
  "budgets",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    scope: text("scope", { enum: ["instance", "team", "user"] }).notNull(),
    teamId: text("team_id").references(() => organization.id, { onDelete: "cascade" }),
    userId: text("user_id").references(() => user.id, { onDelete: "cascade" }),
    monthlyTokens: bigint("monthly_tokens", { mode: "number" }),
    monthlyCostUsd: doublePrecision("monthly_cost_usd"),
    updatedBy: text("updated_by").references(() => user.id, { onDelete: "set null" }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One budget per subject; the instance's is the one row without either id.
    uniqueIndex("budgets_instance_idx")
      .on(t.scope)
      .where(sql`${t.scope} = 'instance'`),
    uniqueIndex("budgets_team_idx").on(t.teamId),
    uniqueIndex("budgets_user_idx").on(t.userId),
    check(
      "budgets_subject",
      sql`(${t.scope} = 'instance' and ${t.teamId} is null and ${t.userId} is null)
        or (${t.scope} = 'team' and ${t.teamId} is not null and ${t.userId} is null)
        or (${t.scope} = 'user' and ${t.userId} is not null and ${t.teamId} is null)`,
    ),
    check("budgets_some_cap", sql`${t.monthlyTokens} is not null or ${t.monthlyCostUsd} is not null`),
  ],
);

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });
const bytea = customType<{ data: Uint8Array }>({ dataType: () => "bytea" });

export const conversations = pgTable(
  "conversations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    model: text("model"),
    /** Tool ids the model may call here, as last chosen; null when never chosen. */
    tools: jsonb("tools").$type<string[]>(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /** Shown above the others in the list (features/conversations). */
    pinned: boolean("pinned").notNull().default(false),
    /** The owner's folder it is filed in; null when unfiled (a deleted folder leaves its chats unfiled). */
    folderId: uuid("folder_id").references((): AnyPgColumn => conversationFolders.id, {
      onDelete: "set null",
    }),
  },
  (t) => [
    index("conversations_user_updated_idx").on(t.userId, t.updatedAt),
    // The list: pinned first, then newest, a page at a time.
    index("conversations_user_pinned_updated_idx").on(t.userId, t.pinned, t.updatedAt, t.id),
    index("conversations_folder_updated_idx")
      .on(t.folderId, t.updatedAt)
      .where(sql`${t.folderId} is not null`),
    // The dashboard's 30-day counts and chats per model; the model and id ride along, so that chats
    // per model read the index alone (no visit to the table for each conversation).
    index("conversations_user_created_idx").on(t.userId, t.createdAt, t.model, t.id),
  ],
);

export const messages = pgTable(
  "messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    conversationId: uuid("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    /** The conversation's owner, repeated so a person's messages are one index range. */
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    role: text("role", { enum: ["user", "assistant"] }).notNull(),
    /**
     * The message this one follows; null for a first question (and each edit of it). Messages with
     * the same parent are versions of one turn; those in sight (`replacedBy` null) make the branch shown.
     */
    parentId: uuid("parent_id").references((): AnyPgColumn => messages.id, { onDelete: "cascade" }),
    content: text("content").notNull(),
    model: text("model"),
    tokensUsed: integer("tokens_used"),
    /** US dollars the provider reported for this answer; null when none was reported. */
    cost: doublePrecision("cost"),
    /** complete | streaming | interrupted | error */
    status: text("status").notNull().default("complete"),
    /** Why an answer ended in error, in the server's English (the web words it again); else null. */
    error: text("error"),
    sources: jsonb("sources")
      .$type<{ title: string; url: string; domain?: string; snippet?: string }[]>()
      .notNull()
      .default([]),
    images: jsonb("images").$type<{ id: string; url: string }[]>().notNull().default([]),
    /** The tools the model called while answering, in order; null when it called none. */
    toolCalls: jsonb("tool_calls").$type<ToolStep[]>(),
    /** The client's id for a user message: a repeated submit of the same message is refused. */
    clientMessageId: uuid("client_message_id"),
    /**
     * The answer regenerated in this one's place: a replaced answer is kept, out of sight (not listed,
     * exported or sent as history), and comes back if its replacement fails before its first word.
     */
    replacedBy: uuid("replaced_by"),
    /** The process writing this answer while it streams (answer_writers); see streams/leases.ts. */
    writerId: uuid("writer_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // A conversation's messages in order, the id breaking ties: a page of them is one range.
    index("messages_conversation_created_idx").on(t.conversationId, t.createdAt, t.id),
    // A person's messages by time; role, conversation, tokens and cost ride along so the dashboard's
    // tokens and cost per model read one range of the index alone.
    index("messages_user_created_idx").on(
      t.userId,
      t.createdAt,
      t.role,
      t.conversationId,
      t.tokensUsed,
      t.cost,
    ),
    uniqueIndex("messages_client_message_id_idx").on(t.clientMessageId),
    // A message's versions (its siblings) and its replies.
    index("messages_parent_idx")
      .on(t.parentId)
      .where(sql`${t.parentId} is not null`),
    // The answers a regenerated one replaced (few rows: only those replaced are in it).
    index("messages_replaced_by_idx")
      .on(t.replacedBy)
      .where(sql`${t.replacedBy} is not null`),
    // The sweep looks for answers whose writer's lease ran out while they streamed.
    index("messages_streaming_idx")
      .on(t.createdAt)
      .where(sql`${t.status} = 'streaming'`),
    // Search inside one's messages (features/conversations/search-messages.ts); the expression must
    // match the query's word for word for the planner to use it.
    index("messages_search_idx").using("gin", sql`to_tsvector('english', ${t.content})`),
  ],
);

/** Files a person uploaded to attach to chat messages; the bytes live in the storage layer. */
export const chatImages = pgTable("chat_images", {
  id: uuid("id").primaryKey().defaultRandom(),
  userId: text("user_id")
    .notNull()
    .references(() => user.id, { onDelete: "cascade" }),
  storageKey: text("storage_key").notNull().unique(),
  contentType: text("content_type").notNull(),
  bytes: integer("bytes").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A knowledge base: a named collection of documents, a person's own (team_id null) or a team's, which
 * only that team's members read. Deleting it deletes its documents.
 */
export const knowledgeCollections = pgTable(
  "knowledge_collections",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /**
     * Who made it: the owner of a personal collection. A team's passes to the team's owner when its
     * maker leaves the team or is deleted (migration 0042), as do the documents members added to it.
     */
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    teamId: text("team_id").references(() => organization.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("knowledge_collections_user_idx").on(t.userId),
    index("knowledge_collections_team_idx")
      .on(t.teamId)
      .where(sql`${t.teamId} is not null`),
  ],
);

/** A person's own document: its text is split into knowledge passages that chat can cite. */
export const documents = pgTable(
  "documents",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    content: text("content").notNull(),
    /** The address it was read from, for documents added by URL. */
    sourceUrl: text("source_url"),
    /** Its chunks and embeddings (knowledge/index-document.ts): pending, indexing, ready or failed. */
    indexState: text("index_state", { enum: ["pending", "indexing", "ready", "failed"] })
      .notNull()
      .default("pending"),
    indexProgress: integer("index_progress").notNull().default(0),
    /** Why indexing failed, fit to show. */
    indexError: text("index_error"),
    /** The knowledge base it belongs to; its readers read the document too. */
    collectionId: uuid("collection_id").references((): AnyPgColumn => knowledgeCollections.id, {
      onDelete: "cascade",
    }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("documents_user_created_idx").on(t.userId, t.createdAt),
    index("documents_collection_idx")
      .on(t.collectionId)
      .where(sql`${t.collectionId} is not null`),
  ],
);

/** A document's chunks (knowledge/chunk-text.ts): what hybrid search ranks and cites. */
export const knowledgeChunks = pgTable(
  "knowledge_chunks",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    documentId: uuid("document_id")
      .notNull()
      .references(() => documents.id, { onDelete: "cascade" }),
    /** The document's owner: every search is scoped by it (or by documents shared otherwise). */
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    ordinal: integer("ordinal").notNull(),
    title: text("title").notNull(),
    heading: text("heading"),
    page: integer("page"),
    content: text("content").notNull(),
    search: tsvector("search")
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector('english', title || ' ' || coalesce(heading, '')), 'A') || setweight(to_tsvector('english', content), 'B')`,
      ),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("knowledge_chunks_document_ordinal_idx").on(t.documentId, t.ordinal),
    index("knowledge_chunks_user_idx").on(t.userId),
    index("knowledge_chunks_search_idx").using("gin", t.search),
  ],
);

/**
 * The embedding models chunks have been embedded with. Search uses the newest one that is ready;
 * a new one is built in the background (status building) while search keeps the old vectors.
 */
export const knowledgeEmbedders = pgTable("knowledge_embedders", {
  id: text("id").primaryKey(),
  dims: integer("dims").notNull(),
  status: text("status", { enum: ["building", "ready", "retired", "failed"] })
    .notNull()
    .default("building"),
  /** Why building it stopped (status failed): shown to the admin; search keeps the ready set. */
  error: text("error"),
  chunksDone: integer("chunks_done").notNull().default(0),
  chunksTotal: integer("chunks_total").notNull().default(0),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  readyAt: timestamp("ready_at", { withTimezone: true }),
});

/**
 * One unit of a chunk (a paragraph or a few sentences, see embeddingUnits) embedded by one embedder,
 * unit length (so a dot product is the cosine). A chunk scores as its best unit.
 */
export const knowledgeVectors = pgTable(
  "knowledge_vectors",
  {
    chunkId: uuid("chunk_id")
      .notNull()
      .references(() => knowledgeChunks.id, { onDelete: "cascade" }),
    embedder: text("embedder").notNull(),
    /** The unit's place in its chunk, from 0. */
    unit: integer("unit").notNull().default(0),
    dims: integer("dims").notNull(),
    embedding: real("embedding").array().notNull(),
    /**
     * The int8 form the in-process index holds (memory-index.ts `packVector`), so a start reads
     * bytes instead of parsing real[] text; written at indexing, and back-filled where it is null.
     */
    packed: bytea("packed"),
    /** When stored: what other processes added is read into the in-process index by this. */
    addedAt: timestamp("added_at", { withTimezone: true }).notNull().defaultNow(),
    /**
     * Mean cosine similarity to its nearest other units of the same owner and embedder (unit-density.ts):
     * search ranks a unit by its similarity less part of this. Null until computed.
     */
    density: real("density"),
    /** The similarity of the last of those nearest units: what a new unit must beat to change `density`. */
    kthSimilarity: real("kth_similarity"),
  },
  (t) => [
    primaryKey({ columns: [t.chunkId, t.embedder, t.unit] }),
    index("knowledge_vectors_embedder_idx").on(t.embedder),
    index("knowledge_vectors_added_at_idx").on(t.embedder, t.addedAt),
  ],
);

/**
 * Searchable knowledge: bundled help articles and the model catalogue (user_id null, keyed by
 * source_key so start-up can refresh them) and each person's own documents (user_id set).
 */
export const knowledgePassages = pgTable(
  "knowledge_passages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind", { enum: ["help", "catalogue", "document", "web"] }).notNull(),
    userId: text("user_id").references(() => user.id, { onDelete: "cascade" }),
    documentId: uuid("document_id").references(() => documents.id, { onDelete: "cascade" }),
    sourceKey: text("source_key").unique(),
    title: text("title").notNull(),
    url: text("url").notNull(),
    content: text("content").notNull(),
    /** Web pages (kind "web") that a search or deep crawl brought in: how to show them again. */
    favicon: text("favicon"),
    image: text("image"),
    search: tsvector("search")
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector('english', title), 'A') || setweight(to_tsvector('english', content), 'B')`,
      ),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("knowledge_passages_search_idx").using("gin", t.search),
    index("knowledge_passages_user_idx").on(t.userId),
    uniqueIndex("knowledge_passages_web_url_idx")
      .on(t.userId, t.url)
      .where(sql`kind = 'web'`),
  ],
);

/** Prompt library: built-in prompts (user_id null, keyed by source_key) and people's own. */
export const prompts = pgTable(
  "prompts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id").references(() => user.id, { onDelete: "cascade" }),
    sourceKey: text("source_key").unique(),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    content: text("content").notNull(),
    category: text("category").notNull(),
    tags: jsonb("tags").$type<string[]>().notNull().default([]),
    isPublic: boolean("is_public").notNull().default(false),
    usageCount: integer("usage_count").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("prompts_user_idx").on(t.userId), index("prompts_public_idx").on(t.isPublic)],
);

/** Assistants: built-in ones (user_id null, keyed by source_key) and people's own. */
export const assistants = pgTable(
  "assistants",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id").references(() => user.id, { onDelete: "cascade" }),
    sourceKey: text("source_key").unique(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    avatar: text("avatar").notNull().default("🤖"),
    systemPrompt: text("system_prompt").notNull(),
    knowledgeBase: jsonb("knowledge_base")
      // `collections` is missing from assistants stored before knowledge bases (read as []).
      .$type<{ documents: string[]; collections?: string[]; websites: string[]; instructions: string }>()
      .notNull(),
    settings: jsonb("settings")
      .$type<{
        model: string;
        temperature: number;
        maxTokens: number;
        personality: "friendly" | "professional" | "creative" | "neutral";
        responseStyle: "conversational" | "detailed" | "concise";
        language: string;
      }>()
      .notNull(),
    /** Tool ids the model may call when chatting with this assistant. */
    tools: jsonb("tools").$type<string[]>().notNull().default([]),
    isPublic: boolean("is_public").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("assistants_user_idx").on(t.userId)],
);

export const assistantFavorites = pgTable(
  "assistant_favorites",
  {
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    assistantId: uuid("assistant_id")
      .notNull()
      .references(() => assistants.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.assistantId] })],
);

/** A model comparison: one prompt, up to four answers (spec §3 Comparison). */
export const comparisons = pgTable(
  "comparisons",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    prompt: text("prompt").notNull(),
    models: jsonb("models").$type<string[]>().notNull(),
    blind: boolean("blind").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("comparisons_user_idx").on(t.userId, t.createdAt)],
);

/** One model's answer in a comparison; `position` is the card's place (shuffled when blind). */
export const comparisonResponses = pgTable(
  "comparison_responses",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    comparisonId: uuid("comparison_id")
      .notNull()
      .references(() => comparisons.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    modelId: text("model_id").notNull(),
    content: text("content").notNull().default(""),
    status: text("status").notNull().default("pending"),
    error: text("error"),
    tokensUsed: integer("tokens_used"),
    timeToFirstTokenMs: integer("time_to_first_token_ms"),
    responseTimeMs: integer("response_time_ms"),
    cost: doublePrecision("cost"),
    rating: integer("rating"),
    /** The process writing this answer while it streams (answer_writers); see streams/leases.ts. */
    writerId: uuid("writer_id"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("comparison_responses_comparison_idx").on(t.comparisonId),
    // The sweep looks for answers whose writer's lease ran out while they were pending or streaming.
    index("comparison_responses_live_idx")
      .on(t.updatedAt)
      .where(sql`${t.status} in ('pending', 'streaming')`),
    check("comparison_responses_rating_range", sql`${t.rating} between 1 and 5`),
  ],
);

/** Every search a person ran (spec §4), for history, follow-up threads and the dashboard count. */
export const searches = pgTable(
  "searches",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    /** The earlier search of the same thread; deleting it deletes its follow-ups. */
    parentId: uuid("parent_id").references((): AnyPgColumn => searches.id, { onDelete: "cascade" }),
    query: text("query").notNull(),
    provider: text("provider").notNull(),
    sources: jsonb("sources")
      .$type<
        {
          title: string;
          url: string;
          snippet: string;
          domain: string;
          thumbnail?: string;
          favicon?: string;
          note?: string;
        }[]
      >()
      .notNull()
      .default([]),
    images: jsonb("images").$type<{ url: string; alt: string }[]>().notNull().default([]),
    overview: text("overview").notNull().default(""),
    followUps: jsonb("follow_ups").$type<string[]>().notNull().default([]),
    tokensUsed: integer("tokens_used").notNull().default(0),
    cost: doublePrecision("cost").notNull().default(0),
    status: text("status").notNull().default("running"),
    /** The process running this search (answer_writers); see streams/leases.ts. */
    writerId: uuid("writer_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("searches_user_created_idx").on(t.userId, t.createdAt),
    // The sweep looks for searches whose writer's lease ran out while they ran.
    index("searches_running_idx")
      .on(t.createdAt)
      .where(sql`${t.status} = 'running'`),
  ],
);

/** Pictures made by the image creator; a row is reserved (pending) before generation so the monthly quota holds under concurrency. */
export const generatedImages = pgTable(
  "generated_images",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    prompt: text("prompt").notNull().default(""),
    model: text("model"),
    aspectRatio: text("aspect_ratio"),
    storageKey: text("storage_key"),
    contentType: text("content_type"),
    /**
     * pending | generating | completed | failed | deleted. Failed ones do not count against the
     * quota; deleted ones are hidden but still count (deleting does not give images back).
     */
    status: text("status").notNull().default("pending"),
    /** Why it failed, in words fit to show. */
    error: text("error"),
    /** Seconds from start to the stored image. */
    generationTime: doublePrecision("generation_time"),
    width: integer("width"),
    height: integer("height"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  // Status rides along so the dashboard's count of images that did not fail reads the index alone.
  (t) => [index("generated_images_user_created_idx").on(t.userId, t.createdAt, t.status)],
);

/** Voice-overs made on the voice page, kept for replay and download. */
export const voiceOvers = pgTable(
  "voice_overs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    text: text("text").notNull(),
    voice: text("voice").notNull(),
    fileName: text("file_name").notNull(),
    /** Which engine spoke it (e.g. espeak-ng, openai). */
    provider: text("provider").notNull(),
    storageKey: text("storage_key").notNull(),
    durationMs: integer("duration_ms").notNull(),
    bytes: integer("bytes").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("voice_overs_user_created_idx").on(t.userId, t.createdAt)],
);

/** Videos (counted on the dashboard; no generator ships yet). */
export const generatedVideos = pgTable(
  "generated_videos",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    prompt: text("prompt").notNull().default(""),
    storageKey: text("storage_key"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("generated_videos_user_created_idx").on(t.userId, t.createdAt)],
);

/** Each person's plan: Core unless a trial, an admin or a Stripe subscription says otherwise. */
export const subscriptions = pgTable("subscriptions", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  plan: text("plan", { enum: ["core", "pro", "max", "team"] })
    .notNull()
    .default("core"),
  source: text("source", { enum: ["none", "trial", "admin", "stripe"] })
    .notNull()
    .default("none"),
  validUntil: timestamp("valid_until", { withTimezone: true }),
  /** Set once, when the free trial starts: it never starts again. */
  trialStartedAt: timestamp("trial_started_at", { withTimezone: true }),
  stripeCustomerId: text("stripe_customer_id").unique(),
  stripeSubscriptionId: text("stripe_subscription_id"),
  stripeStatus: text("stripe_status"),
  /** When the Stripe event last applied was created: older ones arriving late change nothing. */
  stripeEventAt: timestamp("stripe_event_at", { withTimezone: true }),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Stripe events already processed (by event id), so a replayed delivery is applied once. */
export const billingEvents = pgTable("billing_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
});

/** A team's own settings beside Better Auth's organization. */
export const teamSettings = pgTable("team_settings", {
  organizationId: text("organization_id")
    .primaryKey()
    .references(() => organization.id, { onDelete: "cascade" }),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Mail domains a team claims for joining by domain (lower-case, example.com). A claim admits nobody
 * until it is proven (status `verified`): by a DNS TXT record carrying its token, or by the verified
 * address at that domain of the owner or admin who claimed or checked it. One team holds a domain.
 */
export const teamDomains = pgTable(
  "team_domains",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organization.id, { onDelete: "cascade" }),
    domain: text("domain").notNull(),
    status: text("status").$type<"pending" | "verified">().notNull().default("pending"),
    /** What the TXT record must say after tessera-verification=; random per claim. */
    token: text("token").notNull(),
    proof: text("proof").$type<"dns" | "email">(),
    verifiedAt: timestamp("verified_at", { withTimezone: true }),
    checkedAt: timestamp("checked_at", { withTimezone: true }),
    /** Why the last check proved nothing, in words for the settings page. */
    checkProblem: text("check_problem"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("team_domains_team_domain_idx").on(t.organizationId, t.domain),
    uniqueIndex("team_domains_verified_domain_idx")
      .on(t.domain)
      .where(sql`${t.status} = 'verified'`),
    check("team_domains_status_check", sql`${t.status} in ('pending', 'verified')`),
  ],
);

/** Usage events (POST /api/track-event): who and when come from the session, never the body. */
export const analyticsEvents = pgTable(
  "analytics_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    eventName: text("event_name").notNull(),
    pagePath: text("page_path"),
    sessionId: text("session_id"),
    properties: jsonb("properties").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("analytics_events_user_created_idx").on(t.userId, t.createdAt),
    index("analytics_events_created_idx").on(t.createdAt),
  ],
);

/** Release notes, one per version (changelog-upsert replaces by version). */
export const changelogEntries = pgTable("changelog_entries", {
  version: text("version").primaryKey(),
  title: text("title").notNull(),
  description: text("description").notNull(),
  publishedBy: text("published_by").references(() => user.id, { onDelete: "set null" }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Wrong passwords per account and client address within a window. A pair over the limit is refused;
 * the account's total only slows every attempt down, so strangers cannot lock its owner out.
 */
export const signInFailures = pgTable(
  "sign_in_failures",
  {
    account: text("account").notNull(),
    client: text("client").notNull(),
    failures: integer("failures").notNull(),
    windowStart: timestamp("window_start", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.account, t.client] })],
);

/** The last time step whose TOTP code a person spent: a code is accepted once, and never an older one. */
export const totpSteps = pgTable("totp_steps", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  step: integer("step").notNull(),
});

/**
 * Providers an instance admin connected on Admin → Connections. The key is sealed with ENCRYPTION_KEY
 * (AES-256-GCM, lib/crypto.ts) and never leaves the server; `key_hint` keeps its last four characters
 * so keys can be told apart. A change is announced on `tessera_connections` to every process.
 */
export const connections = pgTable("connections", {
  id: uuid("id").primaryKey().defaultRandom(),
  kind: text("kind").notNull(),
  name: text("name").notNull(),
  /** The service's address (an smtp:// one for mail, without its password). */
  baseUrl: text("base_url"),
  sealedKey: text("sealed_key"),
  keyHint: text("key_hint"),
  options: jsonb("options").$type<Record<string, unknown>>().notNull().default({}),
  enabled: boolean("enabled").notNull().default(true),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The audit log: admin actions and security events (audit/record-audit.ts). The actor is kept by id
 * and address without a reference, so the record outlives a deleted account; rows older than
 * AUDIT_RETENTION_DAYS are deleted by every process's timer.
 */
export const auditEvents = pgTable(
  "audit_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    // Milliseconds, as JavaScript's dates hold them, so the export's cursor compares exactly.
    createdAt: timestamp("created_at", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    actorId: text("actor_id"),
    actorEmail: text("actor_email"),
    ip: text("ip"),
    action: text("action").notNull(),
    targetType: text("target_type"),
    targetId: text("target_id"),
    changes: jsonb("changes").$type<Record<string, unknown>>(),
  },
  (t) => [
    index("audit_events_created_idx").on(t.createdAt),
    index("audit_events_action_created_idx").on(t.action, t.createdAt),
    index("audit_events_actor_created_idx").on(t.actorId, t.createdAt),
  ],
);

/**
 * The admin's layer over the built-in model catalogue: a built-in model switched off or served
 * through a chosen connection, or a model the admin added from a connection's list. No row: the
 * built-in model as shipped, routed automatically.
 */
export const catalogueModels = pgTable(
  "catalogue_models",
  {
    id: text("id").primaryKey(),
    builtIn: boolean("built_in").notNull(),
    name: text("name"),
    groupId: text("group_id"),
    description: text("description"),
    vision: boolean("vision").notNull().default(false),
    /** Removing the connection leaves a built-in model automatic and an added one unserved. */
    connectionId: uuid("connection_id").references(() => connections.id, { onDelete: "set null" }),
    upstream: text("upstream"),
    enabled: boolean("enabled").notNull().default(true),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("catalogue_models_connection_idx").on(t.connectionId)],
);

/** Personal API keys: only a hash of the key is kept; `start` tells keys apart on the account page. */
export const apiKeys = pgTable(
  "api_keys",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    start: text("start").notNull(),
    hash: text("hash").notNull().unique(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
  },
  (t) => [index("api_keys_user_idx").on(t.userId, t.createdAt)],
);

/**
 * One call of the OpenAI-compatible API: counted in the person's usage like a chat answer, never
 * stored as a conversation. The key may since have been revoked (its calls still count).
 */
export const apiCalls = pgTable(
  "api_calls",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    apiKeyId: uuid("api_key_id").references(() => apiKeys.id, { onDelete: "set null" }),
    model: text("model").notNull(),
    inputTokens: integer("input_tokens").notNull(),
    outputTokens: integer("output_tokens").notNull(),
    cost: doublePrecision("cost"),
    status: text("status").$type<"complete" | "stopped" | "failed">().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("api_calls_user_created_idx").on(t.userId, t.createdAt),
    index("api_calls_key_idx").on(t.apiKeyId, t.createdAt),
  ],
);

/**
 * Open models that run in this process (GGUF files under DATA_DIR/models), one row per model an admin
 * added, with its download's progress while it lasts. The process downloading holds a lease it renews
 * with every progress write; a download whose lease ran out (its process is gone) is resumed by the
 * next process that looks (features/local-models/downloads.ts).
 */
export const localModels = pgTable("local_models", {
  id: uuid("id").primaryKey().defaultRandom(),
  /** `gguf/<name>` in the picker. */
  name: text("name").notNull().unique(),
  source: text("source").$type<"catalogue" | "url" | "file">().notNull(),
  catalogueId: text("catalogue_id"),
  url: text("url"),
  /** Relative to the models folder. */
  file: text("file").notNull().unique(),
  status: text("status").$type<"downloading" | "ready" | "failed">().notNull(),
  sizeBytes: bigint("size_bytes", { mode: "number" }),
  downloadedBytes: bigint("downloaded_bytes", { mode: "number" }).notNull().default(0),
  bytesPerSecond: doublePrecision("bytes_per_second"),
  /** What the file's SHA-256 must be, and who said so; null when nobody did. */
  expectedSha256: text("expected_sha256"),
  checksumSource: text("checksum_source").$type<"catalogue" | "admin" | "etag">(),
  sha256: text("sha256"),
  error: text("error"),
  /** A failed download that kept its partial file: Retry goes on from there. */
  resumable: boolean("resumable").notNull().default(false),
  details: jsonb("details").$type<{
    architecture: string;
    parameters: string | null;
    contextLength: number | null;
    chatTemplate: boolean;
  }>(),
  leaseUntil: timestamp("lease_until", { withTimezone: true }),
  createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The server processes writing durable answers (chat answers, comparison answers, searches), each
 * with a lease it renews every few seconds. An answer names its writer; the sweep closes only
 * answers whose writer's lease ran out (streams/leases.ts).
 */
export const answerWriters = pgTable("answer_writers", {
  id: uuid("id").primaryKey(),
  /** Host name and process id, for whoever reads the table. */
  process: text("process").notNull(),
  leaseUntil: timestamp("lease_until", { withTimezone: true }).notNull(),
  startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Fixed-window rate limits shared by every process on a PostgreSQL server when there is no Redis
 * (lib/database-limits.ts): one row per key and window.
 */
export const rateWindows = pgTable(
  "rate_windows",
  {
    key: text("key").primaryKey(),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    hits: integer("hits").notNull(),
  },
  (t) => [index("rate_windows_ends_idx").on(t.endsAt)],
);

/**
 * Things one person may do one at a time (a voice-over), held by one request in any process until it
 * lets go or its hold runs out (lib/database-limits.ts), when there is no Redis.
 */
export const heldKeys = pgTable("held_keys", {
  key: text("key").primaryKey(),
  holder: uuid("holder").notNull(),
  until: timestamp("until", { withTimezone: true }).notNull(),
});

/**
 * A model call started for a chat turn whose write the database then refused (its clientMessageId
 * was already stored: "duplicate"; the conversation gone or the answer no longer the latest:
 * "refused"), aborted at once: whatever usage the provider reported for it, so no call goes
 * uncounted (features/chat/start-answer.ts).
 */
export const discardedModelCalls = pgTable(
  "discarded_model_calls",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    model: text("model").notNull(),
    inputTokens: integer("input_tokens"),
    outputTokens: integer("output_tokens"),
    cost: doublePrecision("cost"),
    reason: text("reason").$type<"duplicate" | "refused">().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("discarded_model_calls_user_created_idx").on(t.userId, t.createdAt)],
);

// ---- The conversation library: folders and share links (features/conversations) ----

/** A person's folder of conversations. */
export const conversationFolders = pgTable(
  "conversation_folders",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("conversation_folders_user_created_idx").on(t.userId, t.createdAt)],
);

/**
 * A conversation's public read-only link: a snapshot of it as it was when shared (sharing again
 * replaces the snapshot and keeps the token). Deleting the row revokes the link.
 */
export const conversationShares = pgTable(
  "conversation_shares",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    token: text("token").notNull(),
    conversationId: uuid("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    includeAttachments: boolean("include_attachments").notNull().default(false),
    /** Set: the link opens only for this team's members, signed in. */
    teamId: text("team_id").references(() => organization.id, { onDelete: "cascade" }),
    snapshot: jsonb("snapshot").$type<SharedConversation>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("conversation_shares_token_idx").on(t.token),
    uniqueIndex("conversation_shares_conversation_idx").on(t.conversationId),
    index("conversation_shares_user_idx").on(t.userId, t.updatedAt),
  ],
);

/**
 * MCP servers whose tools models may call (tools/mcp): the instance's, set up by an instance admin on
 * Admin → Tools (any transport, any address), and a team's, set up by its owner (remote only, public
 * addresses only). Header values are sealed with ENCRYPTION_KEY and never leave the server.
 */
export const mcpServers = pgTable(
  "mcp_servers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    scope: text("scope").$type<"instance" | "team">().notNull(),
    teamId: text("team_id").references(() => organization.id, { onDelete: "cascade" }),
    transport: text("transport").$type<"streamable-http" | "sse" | "stdio">().notNull(),
    url: text("url"),
    command: text("command"),
    args: jsonb("args").$type<string[]>().notNull().default([]),
    /** Header name → its value sealed (lib/crypto.ts). */
    sealedHeaders: jsonb("sealed_headers").$type<Record<string, string>>().notNull().default({}),
    requireApproval: boolean("require_approval").notNull().default(true),
    /** Tools of the server switched off; a tool the server adds later is on. */
    disabledTools: jsonb("disabled_tools").$type<string[]>().notNull().default([]),
    /** Each person signs in with OAuth (the MCP authorization flow) and connects with their own token. */
    oauth: boolean("oauth").notNull().default(false),
    createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("mcp_servers_team_idx").on(t.teamId),
    check(
      "mcp_servers_scope_check",
      sql`(${t.scope} = 'instance' and ${t.teamId} is null) or (${t.scope} = 'team' and ${t.teamId} is not null)`,
    ),
    check("mcp_servers_team_remote_check", sql`${t.scope} = 'instance' or ${t.transport} <> 'stdio'`),
  ],
);

/** A person's sign-in to an OAuth MCP server: the client registered for them and their tokens, both sealed. */
export const mcpOauthGrants = pgTable(
  "mcp_oauth_grants",
  {
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    serverId: uuid("server_id")
      .notNull()
      .references(() => mcpServers.id, { onDelete: "cascade" }),
    /** The dynamically registered client (JSON, sealed). */
    sealedClient: text("sealed_client"),
    /** Access and refresh tokens with their expiry (JSON, sealed); null until signed in. */
    sealedTokens: text("sealed_tokens"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.serverId] }),
    index("mcp_oauth_grants_server_idx").on(t.serverId),
  ],
);

/** A sign-in under way: its one-time state, bound to the person and session that began it. */
export const mcpOauthStates = pgTable(
  "mcp_oauth_states",
  {
    state: text("state").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    sessionId: text("session_id").notNull(),
    /** SHA-256 of the nonce in the cookie of the browser that began it: the callback comes with no bearer. */
    browserHash: text("browser_hash").notNull(),
    serverId: uuid("server_id")
      .notNull()
      .references(() => mcpServers.id, { onDelete: "cascade" }),
    /** The PKCE verifier, sealed. */
    sealedVerifier: text("sealed_verifier").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("mcp_oauth_states_expires_idx").on(t.expiresAt)],
);

/**
 * The job queue (jobs/): work that outlives the request and the process that took it (an image, a
 * voice-over). Any process takes a queued row with FOR UPDATE SKIP LOCKED and holds it under a lease
 * it renews; a row whose lease ran out is queued again or failed with its reason. `claim` is the
 * take's own token, so a process that lost its lease cannot write over the next taker's outcome.
 */
export const jobs = pgTable(
  "jobs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind").notNull(),
    ownerId: text("owner_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull().default({}),
    status: text("status").$type<"queued" | "running" | "succeeded" | "failed">().notNull().default("queued"),
    /** At most one open job per key (one voice-over at a time per person), in every process. */
    exclusiveKey: text("exclusive_key"),
    attempts: integer("attempts").notNull().default(0),
    maxAttempts: integer("max_attempts").notNull().default(1),
    claim: uuid("claim"),
    /** The process holding it (host:pid), for the operator. */
    holder: text("holder"),
    leaseUntil: timestamp("lease_until", { withTimezone: true }),
    progress: integer("progress").notNull().default(0),
    note: text("note").notNull().default(""),
    result: jsonb("result").$type<Record<string, unknown>>(),
    error: text("error"),
    errorCode: text("error_code"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp("started_at", { withTimezone: true }),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [
    index("jobs_queued_idx")
      .on(t.kind, t.createdAt)
      .where(sql`${t.status} = 'queued'`),
    index("jobs_running_idx")
      .on(t.leaseUntil)
      .where(sql`${t.status} = 'running'`),
    index("jobs_owner_idx").on(t.ownerId, t.createdAt),
    uniqueIndex("jobs_exclusive_idx")
      .on(t.exclusiveKey)
      .where(sql`${t.status} in ('queued', 'running') and ${t.exclusiveKey} is not null`),
    check("jobs_progress_check", sql`${t.progress} between 0 and 100`),
  ],
);
