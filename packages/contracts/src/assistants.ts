// Assistants (spec §3 "Assistant (bot)"): four built-in ones and people's own, usable in chat.
import { z } from "zod";
import { collectionIdsSchema } from "./collections";
import { httpUrlSchema } from "./http-url";

export const assistantSettingsSchema = z
  .object({
    model: z.string().trim().min(1).max(200),
    temperature: z.number().min(0).max(2),
    maxTokens: z.number().int().min(1).max(32_000),
    personality: z.enum(["friendly", "professional", "creative", "neutral"]),
    responseStyle: z.enum(["conversational", "detailed", "concise"]),
    language: z.string().trim().min(2).max(10),
  })
  .strict();
export type AssistantSettings = z.infer<typeof assistantSettingsSchema>;

/** How long an assistant's texts may be, in characters (after trimming). */
export const ASSISTANT_LIMITS = {
  name: 80,
  description: 500,
  systemPrompt: 20_000,
  instructions: 10_000,
} as const;

export const assistantKnowledgeSchema = z
  .object({
    /** Ids of the owner's documents (/api/documents) that the assistant retrieves from. */
    documents: z.array(z.string().uuid()).max(50).default([]),
    /** Knowledge bases (/api/knowledge/collections) of the owner's that the assistant answers from. */
    collections: collectionIdsSchema.default([]),
    /** Kept with the assistant and shown as links: web addresses only (http-url.ts says why). */
    websites: z.array(httpUrlSchema()).max(20).default([]),
    instructions: z.string().trim().max(ASSISTANT_LIMITS.instructions).default(""),
  })
  .strict();

export const createAssistantSchema = z
  .object({
    name: z.string().trim().min(1, "must not be blank").max(ASSISTANT_LIMITS.name),
    description: z.string().trim().max(ASSISTANT_LIMITS.description).default(""),
    avatar: z.string().trim().max(16).default("🤖"),
    systemPrompt: z.string().trim().min(1, "must not be blank").max(ASSISTANT_LIMITS.systemPrompt),
    knowledgeBase: assistantKnowledgeSchema.default({
      documents: [],
      collections: [],
      websites: [],
      instructions: "",
    }),
    settings: assistantSettingsSchema,
    /** Tool ids (GET /api/tools) the model may call when chatting with this assistant. */
    tools: z.array(z.string().trim().min(1).max(300)).max(64).optional(),
    isPublic: z.boolean().default(false),
  })
  .strict();
export type CreateAssistantInput = z.input<typeof createAssistantSchema>;

export const updateAssistantSchema = createAssistantSchema
  .partial()
  .strict()
  .refine((v) => Object.keys(v).length > 0, "send at least one field to change");

export const assistantSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  avatar: z.string(),
  systemPrompt: z.string(),
  knowledgeBase: z.object({
    documents: z.array(z.string()),
    /** Missing from assistants stored before knowledge bases: read as none. */
    collections: z.array(z.string()).optional(),
    websites: z.array(z.string()),
    instructions: z.string(),
  }),
  settings: assistantSettingsSchema,
  /** The tools a conversation with it starts with. */
  tools: z.array(z.string()).optional(),
  isPublic: z.boolean(),
  userId: z.string().nullable(),
  sharedWith: z.array(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
  isSystem: z.boolean(),
  /** Which built-in assistant it is (`code-expert`): the app shows its name and description in the reader's language. */
  builtIn: z.string().nullable().optional(),
  isOwned: z.boolean(),
  isShared: z.boolean(),
  isTeam: z.boolean(),
  isFavorite: z.boolean(),
  sharedBy: z.string().nullable(),
});
export type Assistant = z.infer<typeof assistantSchema>;
