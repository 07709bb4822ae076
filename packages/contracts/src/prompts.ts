// The prompt library (spec §2, §3): six categories, six built-in prompts, personal prompts.
import { z } from "zod";

export const PROMPT_CATEGORIES = [
  {
    id: "writing",
    name: "Writing",
    description: "Emails, posts, outlines and edits",
    icon: "pen-line",
    color: "blue",
  },
  {
    id: "coding",
    name: "Coding",
    description: "Reviews, debugging and explanations",
    icon: "code",
    color: "emerald",
  },
  {
    id: "business",
    name: "Business",
    description: "Plans, reports and communication",
    icon: "briefcase",
    color: "amber",
  },
  {
    id: "creative",
    name: "Creative",
    description: "Stories, ideas and play",
    icon: "sparkles",
    color: "pink",
  },
  {
    id: "analysis",
    name: "Analysis",
    description: "Data, research and reasoning",
    icon: "chart-line",
    color: "violet",
  },
  {
    id: "education",
    name: "Education",
    description: "Learning plans and explanations",
    icon: "graduation-cap",
    color: "cyan",
  },
] as const;

export const promptCategorySchema = z.enum([
  "writing",
  "coding",
  "business",
  "creative",
  "analysis",
  "education",
]);
export type PromptCategory = z.infer<typeof promptCategorySchema>;

export const PROMPT_TAGS_SHOWN = 2;
export const PROMPT_TITLE_MAX = 120;
export const PROMPT_DESCRIPTION_MAX = 500;
export const PROMPT_CONTENT_MAX = 10_000;

/** `{{name}}` placeholders a prompt asks values for before use. */
export function promptPlaceholders(content: string): string[] {
  return [...new Set([...content.matchAll(/\{\{\s*([\w .-]{1,40}?)\s*\}\}/g)].map((m) => m[1]!))];
}

export function fillPlaceholders(content: string, values: Record<string, string>): string {
  return content.replace(/\{\{\s*([\w .-]{1,40}?)\s*\}\}/g, (whole, name: string) => values[name] ?? whole);
}

const tagsSchema = z.array(z.string().trim().min(1).max(30)).max(10);

export const createPromptSchema = z
  .object({
    title: z.string().trim().min(1, "must not be blank").max(PROMPT_TITLE_MAX),
    description: z.string().trim().max(PROMPT_DESCRIPTION_MAX).default(""),
    content: z.string().trim().min(1, "must not be blank").max(PROMPT_CONTENT_MAX),
    category: promptCategorySchema,
    tags: tagsSchema.default([]),
    isPublic: z.boolean().default(false),
  })
  .strict();
export type CreatePromptInput = z.input<typeof createPromptSchema>;

export const updatePromptSchema = createPromptSchema
  .partial()
  .strict()
  .refine((v) => Object.keys(v).length > 0, "send at least one field to change");

export const promptSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  content: z.string(),
  category: promptCategorySchema,
  tags: z.array(z.string()),
  isPublic: z.boolean(),
  userId: z.string().nullable(),
  usageCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  isSystem: z.boolean(),
  /** Which built-in prompt it is (`email-writer`): the app shows its texts in the reader's language. */
  builtIn: z.string().nullable().optional(),
  isOwned: z.boolean(),
});
export type PromptTemplate = z.infer<typeof promptSchema>;
