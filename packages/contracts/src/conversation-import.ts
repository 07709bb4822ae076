// POST /api/conversations/import: history brought in from ChatGPT, Open WebUI, LibreChat or Tessera's
// own export. The format is told from the file's content, never from its name.
import { z } from "zod";

/** Largest file the import takes (a ChatGPT zip of years of chats is well under this). */
export const IMPORT_MAX_BYTES = 100 * 1024 * 1024;
export const IMPORT_MAX_MB = IMPORT_MAX_BYTES / (1024 * 1024);

export const IMPORT_FORMATS = ["chatgpt", "open-webui", "librechat", "tessera"] as const;
export const importFormatSchema = z.enum(IMPORT_FORMATS);
export type ImportFormat = z.infer<typeof importFormatSchema>;

export const IMPORT_FORMAT_NAMES: Record<ImportFormat, string> = {
  chatgpt: "ChatGPT data export",
  "open-webui": "Open WebUI export",
  librechat: "LibreChat export",
  tessera: "Tessera export",
};

/** POST /api/conversations/import?preview=1: count only, write nothing. */
export const importQuerySchema = z.object({
  preview: z
    .enum(["1", "true", "0", "false"])
    .optional()
    .transform((v) => v === "1" || v === "true"),
});

/** Why something was left out, as a code the web app words in the reader's language. */
export const IMPORT_SKIP_CODES = ["hidden", "empty", "attachments", "noMessages", "unreadable"] as const;
export const importSkipCodeSchema = z.enum(IMPORT_SKIP_CODES);
export type ImportSkipCode = z.infer<typeof importSkipCodeSchema>;

/**
 * What was left out, and how many times: "System, tool and hidden messages" × 12. `reason` is the
 * English wording API callers already read; `code` (absent from imports finished before it existed)
 * is what a reader's language is chosen by.
 */
export const importSkipSchema = z.object({
  code: importSkipCodeSchema.optional(),
  reason: z.string(),
  count: z.number().int(),
});
export type ImportSkip = z.infer<typeof importSkipSchema>;

export const importPreviewSchema = z.object({
  format: importFormatSchema,
  conversations: z.number().int(),
  messages: z.number().int(),
  /** Model names as the file gives them, most used first. */
  models: z.array(z.string()),
  /** The oldest and newest message's time (ISO), null when there is none. */
  from: z.string().nullable(),
  to: z.string().nullable(),
  skipped: z.array(importSkipSchema),
});
export type ImportPreview = z.infer<typeof importPreviewSchema>;

/** A finished import: the conversations written, and what was left out. */
export const importResultSchema = z.object({
  format: importFormatSchema,
  imported: z.number().int(),
  messages: z.number().int(),
  skipped: z.array(importSkipSchema),
});
export type ImportResult = z.infer<typeof importResultSchema>;

/** A large file imports in the background: POST answers 202 with the job to follow. */
export const importJobStartedSchema = z.object({ jobId: z.string() });

/** GET /api/conversations/import/:jobId: its owner's only (another's is 404). */
export const importJobSchema = z.object({
  id: z.string(),
  /** checking: the whole file is read and counted first, so a bad file writes nothing. */
  status: z.enum(["checking", "importing", "done", "failed"]),
  /** 0–100 across both passes over the file. */
  progress: z.number().int(),
  imported: z.number().int(),
  result: importResultSchema.nullable(),
  error: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ImportJob = z.infer<typeof importJobSchema>;
