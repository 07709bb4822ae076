// Personal API keys (Account → API keys) and the OpenAI-compatible API they open at /v1.
import { z } from "zod";

/** Every key begins so, which tells a Tessera key at a glance (and to secret scanners). */
export const API_KEY_PREFIX = "tsr_";
/** How much of a key is kept readable to tell keys apart: the prefix and a few characters. */
export const API_KEY_START_LENGTH = 10;
export const API_KEYS_MAX = 25;

export const createApiKeySchema = z.object({
  name: z.string().trim().min(1, "Give the key a name.").max(100, "A key's name is at most 100 characters."),
  expiresInDays: z
    .number()
    .int("Whole days only.")
    .min(1, "A key lasts at least one day.")
    .max(365, "A key lasts at most 365 days; leave it empty for no expiry.")
    .optional(),
});
export type CreateApiKey = z.infer<typeof createApiKeySchema>;

export const apiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The first characters, e.g. "tsr_8fK2a…": the rest is never shown again. */
  start: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  /** Calls, tokens and dollars through this key in the last 30 days. */
  usage: z.object({ calls: z.number(), tokens: z.number(), cost: z.number() }),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

export const createdApiKeySchema = apiKeySchema
  .pick({ id: true, name: true, start: true, createdAt: true, expiresAt: true })
  .extend({ key: z.string() });
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;

export const apiKeyListSchema = z.object({ keys: z.array(apiKeySchema) });
export type ApiKeyList = z.infer<typeof apiKeyListSchema>;
