// Model comparison (spec §2 Model Comparison dialog, §3 Comparison, §4 Comparison per model, §5):
// one prompt sent to up to four models at once, each answer streamed through the chat stream's
// comparison mode, timed, rated 1 to 5 and kept. Blind mode hides which model wrote which answer
// until every answer is rated; the ratings feed a personal leaderboard.
import { z } from "zod";
import { MAX_MESSAGE_CHARS } from "./chat-settings";

export const MAX_COMPARED_MODELS = 4;
/** Only this many models are offered in the dialog (spec §5). */
export const COMPARISON_MODELS_LISTED = 12;
export const DEFAULT_COMPARISON_MODELS = ["gpt-4o", "claude-sonnet", "gemini-pro"] as const;
export const COMPARISONS_LISTED = 50;
/** Labels of the answers while a blind comparison is unrevealed, by position. */
export const BLIND_LABELS = ["A", "B", "C", "D"] as const;

export const COMPARISON_MESSAGES = {
  invalidInput: "Invalid input: Please enter a prompt and select at least one model.",
  modelLimit: "Model limit reached: You can compare up to 4 models at once.",
  tooLong: `Prompt too long: A comparison prompt can be at most ${MAX_MESSAGE_CHARS.toLocaleString("en-US")} characters.`,
  duplicateModel: "Choose each model only once.",
  notRatable: "Only a complete answer can be rated.",
  alreadyStreaming: "This answer is already streaming.",
  alreadyAnswered: "This answer is already complete.",
  stillBlind: "Rate every answer before continuing: the models are still hidden.",
  nothingToContinue: "This answer has no text to continue from.",
} as const;

/** Spec §5's two messages, checked in the dialog and again by the API, which answers 400. */
export function comparisonInputError(prompt: string, models: readonly string[]): string | null {
  if (!prompt.trim() || models.length === 0) return COMPARISON_MESSAGES.invalidInput;
  if (prompt.length > MAX_MESSAGE_CHARS) return COMPARISON_MESSAGES.tooLong;
  if (models.length > MAX_COMPARED_MODELS) return COMPARISON_MESSAGES.modelLimit;
  if (new Set(models).size !== models.length) return COMPARISON_MESSAGES.duplicateModel;
  return null;
}

export const createComparisonSchema = z
  .object({
    // Its length is checked with the rest (comparisonInputError), in the dialog's words.
    prompt: z.string(),
    models: z.array(z.string().trim().min(1).max(200)).max(50),
    blind: z.boolean().default(false),
  })
  .strict()
  .superRefine((v, ctx) => {
    const message = comparisonInputError(v.prompt, v.models);
    if (message) ctx.addIssue({ code: "custom", message });
  })
  .transform((v) => ({ ...v, prompt: v.prompt.trim() }));
export type CreateComparisonInput = z.input<typeof createComparisonSchema>;

export const ratingSchema = z.object({ rating: z.number().int().min(1).max(5) }).strict();

/** Spec §4: pending → streaming → complete | error; `stopped` keeps the text of an answer cut short. */
export const comparisonStatusSchema = z.enum(["pending", "streaming", "complete", "error", "stopped"]);
export type ComparisonStatus = z.infer<typeof comparisonStatusSchema>;

export const comparisonResponseSchema = z.object({
  id: z.string(),
  position: z.number().int(),
  /** "A" to "D": how a blind comparison names its answers. */
  label: z.string(),
  /** Null while a blind comparison is unrevealed. */
  modelId: z.string().nullable(),
  content: z.string(),
  tokensUsed: z.number().int().nullable(),
  timeToFirstTokenMs: z.number().int().nullable(),
  responseTimeMs: z.number().int().nullable(),
  tokensPerSecond: z.number().nullable(),
  /** US dollars, when the provider reports it (Tessera Local is free: 0). */
  cost: z.number().nullable(),
  status: comparisonStatusSchema,
  error: z.string().nullable(),
  rating: z.number().int().min(1).max(5).nullable(),
});
export type ComparisonResponse = z.infer<typeof comparisonResponseSchema>;

/** What an answer run again starts from, on the server and on its card: no text, error, rating or metrics. */
export const ANSWER_STARTED_OVER = {
  content: "",
  error: null,
  rating: null,
  tokensUsed: null,
  timeToFirstTokenMs: null,
  responseTimeMs: null,
  cost: null,
} as const;

export const comparisonSchema = z.object({
  id: z.string(),
  prompt: z.string(),
  /** The models as chosen; in an unrevealed blind comparison their order says nothing about the answers'. */
  models: z.array(z.string()),
  blind: z.boolean(),
  revealed: z.boolean(),
  createdAt: z.string(),
  responses: z.array(comparisonResponseSchema),
});
export type Comparison = z.infer<typeof comparisonSchema>;

export const comparisonSummarySchema = comparisonSchema.omit({ responses: true }).extend({
  ratedCount: z.number().int(),
  responseCount: z.number().int(),
  /** Answers still coming (pending or streaming): they go on when the page that asked is left. */
  runningCount: z.number().int(),
  /** The model with the single highest rating, once revealed. */
  winnerModelId: z.string().nullable(),
});
export type ComparisonSummary = z.infer<typeof comparisonSummarySchema>;

export const leaderboardEntrySchema = z.object({
  modelId: z.string(),
  /** Revealed comparisons in which this model's answer was rated. */
  comparisons: z.number().int(),
  averageRating: z.number(),
  /** Comparisons this model won outright (highest rating, no tie, at least two answers rated). */
  wins: z.number().int(),
});
export const leaderboardSchema = z.object({ entries: z.array(leaderboardEntrySchema) });
export type LeaderboardEntry = z.infer<typeof leaderboardEntrySchema>;

export const continueComparisonResponseSchema = z.object({ conversationId: z.string() });

/**
 * POST /api/chat-stream with `comparison: true` streams one answer of a comparison. The server takes
 * the prompt and the model from the stored comparison (so a blind one stays blind); `message` and
 * `model` may be sent as in chat mode and are then checked against it.
 */
export const comparisonStreamRequestSchema = z
  .object({
    comparison: z.literal(true),
    comparisonId: z.string().uuid(),
    responseId: z.string().uuid(),
    message: z.string().optional(),
    model: z.string().optional(),
  })
  .strict();
export type ComparisonStreamRequest = z.input<typeof comparisonStreamRequestSchema>;

/** The comparison stream's events: the card reads `content`, then `done` with `tokens` (spec §7). */
export const comparisonStreamEventSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("start"), comparisonId: z.string(), responseId: z.string() }),
  z.object({ type: z.literal("chunk"), content: z.string() }),
  z.object({
    type: z.literal("complete"),
    done: z.literal(true),
    tokens: z.number().int().nonnegative(),
    timeToFirstTokenMs: z.number().int().nullable(),
    responseTimeMs: z.number().int(),
    tokensPerSecond: z.number().nullable(),
    cost: z.number().nullable(),
  }),
  z.object({ type: z.literal("error"), error: z.string(), message: z.string() }),
]);
export type ComparisonStreamEvent = z.infer<typeof comparisonStreamEventSchema>;
