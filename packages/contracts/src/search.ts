// AI search (spec §2 Search screens, §3 Search source / Image / Search state, §4 Search, §7): the
// search engine page's event stream, the simple page's chunk stream, and saved searches.
import { z } from "zod";
import { httpUrlSchema } from "./http-url";

export const MAX_RELATED_IMAGES = 12;
export const MAX_SEARCH_SOURCES = 8;
export const SEARCH_QUERY_MAX = 500;
export const MAX_FOLLOW_UPS = 4;
export const DEFAULT_SAFE_SEARCH = "moderate" as const;
/** The catalogue model that writes overviews (openai/gpt-5-mini upstream); Tessera Local without a provider. */
export const SEARCH_MODEL_ID = "tessera-research";
export const SEARCHES_LISTED = 50;
/** Deep crawl reads this many of the top web results in full before the overview is written. */
export const DEEP_CRAWL_PAGES = 3;
/**
 * Remote favicons, thumbnails and related images are shown through this same-origin proxy (guarded,
 * size-capped and cached), never fetched by the browser from their hosts: GET ?url=<absolute URL>.
 * An <img> cannot send a bearer token, so the server hands out the proxy's addresses signed
 * (`&exp=<unix seconds>&sig=<HMAC>`, good for about an hour) in the `…Src` fields below.
 */
export const IMAGE_PROXY_PATH = "/api/image-proxy";

export const imageProxyQuerySchema = z.object({
  url: httpUrlSchema(),
  /** When the signature ends, in seconds since 1970; with `sig`, no session is needed. */
  exp: z
    .string()
    .regex(/^\d{1,12}$/, "must be a time in whole seconds")
    .optional(),
  sig: z.string().max(128).optional(),
});

export const SEARCH_MESSAGES = {
  emptyQuery: "Please enter a search query",
  signIn: "Please sign in to use search",
  failed: "Search failed. Please try again.",
} as const;

export const safeSearchSchema = z.enum(["off", "moderate", "strict"]);

const querySchema = z
  .string()
  .trim()
  .min(1, SEARCH_MESSAGES.emptyQuery)
  .max(SEARCH_QUERY_MAX, `Keep the query under ${SEARCH_QUERY_MAX} characters.`);

/**
 * Where a search looks: `web` asks the configured search provider (the local index when none is
 * set), `workspace` only the local index (one's documents, the Tessera help and pages searches
 * brought in), so the question never leaves the server.
 */
export const SEARCH_TYPES = ["web", "workspace"] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];

/** The search provider a saved search names when it read the local index. */
export const LOCAL_SEARCH_PROVIDER = "local";

/**
 * Where a saved search looked, on a server with a web search provider (`webSearch` in the public
 * config): the local index is read only for the workspace there. Without one, every search is "web".
 */
export const searchTypeOf = (provider: string, webSearch: boolean): SearchType =>
  webSearch && provider === LOCAL_SEARCH_PROVIDER ? "workspace" : "web";
const searchTypeSchema = (field: string) =>
  z.enum(SEARCH_TYPES, { error: `${field} is one of: ${SEARCH_TYPES.join(", ")}.` }).default("web");

export const jigsawSearchRequestSchema = z
  .object({
    query: querySchema,
    options: z
      .object({
        safe_search: safeSearchSchema.default(DEFAULT_SAFE_SEARCH),
        ai_overview: z.boolean().default(true),
        search_type: searchTypeSchema("search_type"),
      })
      .strict()
      .default({ safe_search: DEFAULT_SAFE_SEARCH, ai_overview: true, search_type: "web" }),
    /** A follow-up: the earlier search of the same thread, whose question and overview give context. */
    parentId: z.string().uuid().nullish(),
  })
  .strict();
export type JigsawSearchRequest = z.input<typeof jigsawSearchRequestSchema>;

export const aiSearchRequestSchema = z
  .object({
    query: querySchema,
    /** The catalogue model that writes the answer; the search model when left out. */
    model: z.string().trim().min(1).max(200).optional(),
    searchType: searchTypeSchema("searchType"),
  })
  .strict();
export type AiSearchRequest = z.input<typeof aiSearchRequestSchema>;

export const searchSourceSchema = z.object({
  title: z.string(),
  url: z.string(),
  snippet: z.string(),
  domain: z.string(),
  thumbnail: z.string().optional(),
  favicon: z.string().optional(),
  /** Where the page shows the thumbnail and favicon from: signed image-proxy addresses, made on each read. */
  thumbnailSrc: z.string().optional(),
  faviconSrc: z.string().optional(),
  /** Why deep crawl skipped this page (too large, not a web page, unreachable); the source still counts. */
  note: z.string().optional(),
});
export type SearchSource = z.infer<typeof searchSourceSchema>;

export const searchImageSchema = z.object({
  url: z.string(),
  alt: z.string(),
  /** The signed image-proxy address the page loads the picture from, made on each read. */
  src: z.string().optional(),
});
export type SearchImage = z.infer<typeof searchImageSchema>;

export const searchEventSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("start"), searchId: z.string(), query: z.string() }),
  z.object({
    type: z.literal("searching"),
    /** In English; the web app words the step by `provider` and `pages` in the reader's language. */
    message: z.string(),
    provider: z.string(),
    /** Set while the top pages are read in full (deep crawl): how many. */
    pages: z.number().int().optional(),
  }),
  z.object({ type: z.literal("sources"), sources: z.array(searchSourceSchema) }),
  z.object({ type: z.literal("images"), images: z.array(searchImageSchema).max(MAX_RELATED_IMAGES) }),
  z.object({ type: z.literal("overview_start"), model: z.string() }),
  z.object({
    type: z.literal("overview_chunk"),
    content: z.string(),
    /** 0–100: how far the overview is, estimated from its expected length. */
    progress: z.number().min(0).max(100),
  }),
  z.object({ type: z.literal("follow_up"), questions: z.array(z.string()).max(MAX_FOLLOW_UPS) }),
  z.object({
    type: z.literal("complete"),
    searchId: z.string(),
    tokensUsed: z.number().int().nonnegative(),
    cost: z.number().nonnegative(),
  }),
  z.object({ type: z.literal("error"), error: z.string(), message: z.string() }),
]);
export type SearchEvent = z.infer<typeof searchEventSchema>;

/** The simple search page's stream (spec §7 ai-search): the answer in chunks; errors in `error`. */
export const aiSearchEventSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("chunk"), content: z.string() }),
  z.object({
    type: z.literal("complete"),
    searchId: z.string(),
    tokensUsed: z.number().int().nonnegative(),
  }),
  z.object({ type: z.literal("error"), error: z.string() }),
]);
export type AiSearchEvent = z.infer<typeof aiSearchEventSchema>;

export const savedSearchSchema = z.object({
  id: z.string(),
  parentId: z.string().nullable(),
  query: z.string(),
  provider: z.string(),
  sources: z.array(searchSourceSchema),
  images: z.array(searchImageSchema),
  overview: z.string(),
  followUps: z.array(z.string()),
  tokensUsed: z.number().int(),
  cost: z.number(),
  status: z.enum(["running", "complete", "error"]),
  createdAt: z.string(),
});
export type SavedSearch = z.infer<typeof savedSearchSchema>;

export const searchSummarySchema = savedSearchSchema.pick({
  id: true,
  parentId: true,
  query: true,
  status: true,
  createdAt: true,
});
export type SearchSummary = z.infer<typeof searchSummarySchema>;
