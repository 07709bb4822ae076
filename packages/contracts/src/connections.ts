// Connections (Admin → Connections): the providers an instance admin connects from the page, the
// ones the server's environment sets, each connection's test and model list, and the admin's layer
// over the model catalogue. Keys go in on write (`apiKey`) and never come back out.
import { z } from "zod";

export const CONNECTION_KINDS = [
  "openrouter",
  "openai",
  "anthropic",
  "google",
  "openai-compatible",
  "searxng",
  "tavily",
  "brave",
  "jigsawstack",
  "fal",
  "openai-images",
  "openai-speech",
  "openai-transcription",
  "smtp",
] as const;
export const connectionKindSchema = z.enum(CONNECTION_KINDS, {
  error: `must be one of ${CONNECTION_KINDS.join(", ")}`,
});
export type ConnectionKind = z.infer<typeof connectionKindSchema>;

export type Capability = "language" | "search" | "images" | "speech" | "transcription" | "mail";
type Need = "required" | "optional" | "none";

export interface ConnectionKindInfo {
  label: string;
  capability: Capability;
  /** `required`: no vendor default; `optional`: the vendor's own address unless one is given. */
  baseUrl: Need;
  apiKey: Need;
  /** One line on what it is, for the form. */
  hint: string;
}

export const CONNECTION_KIND_INFO: Record<ConnectionKind, ConnectionKindInfo> = {
  openrouter: {
    label: "OpenRouter",
    capability: "language",
    baseUrl: "optional",
    apiKey: "required",
    hint: "One key reaches every model in the catalogue.",
  },
  openai: {
    label: "OpenAI",
    capability: "language",
    baseUrl: "optional",
    apiKey: "required",
    hint: "OpenAI's own models (GPT-5, GPT-4o…).",
  },
  anthropic: {
    label: "Anthropic",
    capability: "language",
    baseUrl: "optional",
    apiKey: "required",
    hint: "Claude models, directly.",
  },
  google: {
    label: "Google",
    capability: "language",
    baseUrl: "optional",
    apiKey: "required",
    hint: "Gemini models, directly.",
  },
  "openai-compatible": {
    label: "OpenAI-compatible server",
    capability: "language",
    baseUrl: "required",
    apiKey: "optional",
    hint: "Ollama, LM Studio, vLLM, llama.cpp's server, LiteLLM: its models join the Open Source group.",
  },
  searxng: {
    label: "SearXNG",
    capability: "search",
    baseUrl: "required",
    apiKey: "none",
    hint: "A self-hosted SearXNG with the JSON format switched on.",
  },
  tavily: {
    label: "Tavily",
    capability: "search",
    baseUrl: "optional",
    apiKey: "required",
    hint: "Web search.",
  },
  brave: {
    label: "Brave Search",
    capability: "search",
    baseUrl: "optional",
    apiKey: "required",
    hint: "Web search.",
  },
  jigsawstack: {
    label: "JigsawStack",
    capability: "search",
    baseUrl: "optional",
    apiKey: "required",
    hint: "Web search.",
  },
  fal: {
    label: "fal",
    capability: "images",
    baseUrl: "optional",
    apiKey: "required",
    hint: "Draws Imagine 4 and FLUX 1.1 Pro.",
  },
  "openai-images": {
    label: "OpenAI-compatible images",
    capability: "images",
    baseUrl: "optional",
    apiKey: "optional",
    hint: "OpenAI itself (gpt-image-1) without an address, or any /images/generations server with its models.",
  },
  "openai-speech": {
    label: "Text to speech (OpenAI-compatible)",
    capability: "speech",
    baseUrl: "optional",
    apiKey: "optional",
    hint: "Voice-overs through /audio/speech: OpenAI itself or a server that speaks its dialect.",
  },
  "openai-transcription": {
    label: "Transcription (OpenAI-compatible)",
    capability: "transcription",
    baseUrl: "optional",
    apiKey: "optional",
    hint: "Dictation through /audio/transcriptions: OpenAI's Whisper or a self-hosted one.",
  },
  smtp: {
    label: "SMTP mail server",
    capability: "mail",
    baseUrl: "required",
    apiKey: "optional",
    hint: "Sends sign-up confirmations, password resets and invitations.",
  },
};

export const CAPABILITY_LABELS: Record<Capability, string> = {
  language: "Language models",
  search: "Search",
  images: "Images",
  speech: "Text to speech",
  transcription: "Transcription",
  mail: "Mail",
};

export const CONNECTION_NAME_MAX = 80;
export const CONNECTION_KEY_MAX = 4096;
export const CONNECTION_URL_MAX = 2048;
export const CONNECTION_MODELS_MAX = 100;

const modelNameSchema = z.string().trim().min(1).max(200);

export const connectionOptionsSchema = z
  .object({
    /** Model names the server serves without listing them (OpenAI-compatible), or draws (images). */
    models: z.array(modelNameSchema).max(CONNECTION_MODELS_MAX).optional(),
    /** The model a speech or transcription connection uses. */
    model: modelNameSchema.optional(),
    /** The sender of mail through an SMTP connection: `Tessera <no-reply@example.com>`. */
    from: z.string().trim().min(3).max(320).optional(),
  })
  .strict();
export type ConnectionOptions = z.infer<typeof connectionOptionsSchema>;

/** The scheme and the part before the path of an absolute address (no URL class here: pure data). */
function addressParts(value: string): { scheme: string; authority: string } | null {
  const match = /^([a-z][a-z0-9+.-]*):\/\/([^/?#\s]+)(?:[/?#][^\s]*)?$/i.exec(value);
  return match ? { scheme: match[1]!.toLowerCase(), authority: match[2]! } : null;
}

/** http(s) for services; smtp(s) for a mail server. The password of an smtp:// address is its key. */
export const connectionUrlSchema = z
  .string()
  .trim()
  .max(CONNECTION_URL_MAX)
  .refine(
    (v) => /^(https?|smtps?)$/.test(addressParts(v)?.scheme ?? ""),
    "must be an http:// or https:// address (smtp:// or smtps:// for a mail server)",
  );

const nameSchema = z.string().trim().min(1).max(CONNECTION_NAME_MAX);
const keySchema = z.string().trim().min(1).max(CONNECTION_KEY_MAX);

/** Whether a connection's stored key can be used: `unreadable` when ENCRYPTION_KEY has changed. */
export const connectionKeyStateSchema = z.enum(["none", "stored", "unreadable"]);

export const connectionSchema = z.object({
  id: z.uuid(),
  kind: connectionKindSchema,
  name: z.string(),
  baseUrl: z.string().nullable(),
  enabled: z.boolean(),
  options: connectionOptionsSchema,
  key: z.object({
    state: connectionKeyStateSchema,
    /** The key's last four characters at most. */
    last4: z.string().max(4).nullable(),
  }),
  /** Serving now: enabled, its key readable, and not set aside for another of its kind. */
  inUse: z.boolean(),
  /** Why it is not in use, or what it replaces, in a line; null when there is nothing to say. */
  note: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Connection = z.infer<typeof connectionSchema>;

/** A provider the server's environment sets: shown read-only, with the variables that set it. */
export const environmentProviderSchema = z.object({
  kind: connectionKindSchema,
  name: z.string(),
  baseUrl: z.string().nullable(),
  variables: z.array(z.string()),
  keyLast4: z.string().max(4).nullable(),
  /** The page's connection that is used instead, when there is one. */
  overriddenBy: z.uuid().nullable(),
});
export type EnvironmentProvider = z.infer<typeof environmentProviderSchema>;

export const connectionsResponseSchema = z.object({
  connections: z.array(connectionSchema),
  environment: z.array(environmentProviderSchema),
});
export type ConnectionsResponse = z.infer<typeof connectionsResponseSchema>;

/**
 * What a kind asks of the address and the key, checked on create here and on update by the server
 * against the stored row: an address where it has no default, a key where it needs one.
 */
export function connectionFieldIssues(
  kind: ConnectionKind,
  fields: { baseUrl?: string | null; apiKey?: string | null },
): { field: "baseUrl" | "apiKey"; message: string }[] {
  const info = CONNECTION_KIND_INFO[kind];
  const issues: { field: "baseUrl" | "apiKey"; message: string }[] = [];
  const smtp = kind === "smtp";
  const url = fields.baseUrl ? addressParts(fields.baseUrl) : null;
  if (info.baseUrl === "required" && !fields.baseUrl)
    issues.push({ field: "baseUrl", message: `${info.label} needs an address` });
  if (url && smtp !== /^smtps?$/.test(url.scheme))
    issues.push({
      field: "baseUrl",
      message: smtp ? "must be an smtp:// or smtps:// address" : "must be an http:// or https:// address",
    });
  // A key belongs in apiKey, where it is sealed; only a mail server's password may come in its URL.
  if (url && !smtp && url.authority.includes("@"))
    issues.push({ field: "baseUrl", message: "put the key in apiKey, not in the address" });
  if (info.apiKey === "required" && !fields.apiKey)
    issues.push({ field: "apiKey", message: `${info.label} needs a key` });
  if (info.apiKey === "none" && fields.apiKey)
    issues.push({ field: "apiKey", message: `${info.label} takes no key` });
  return issues;
}

/** Whether a connection is tested with a real call before it is saved (default yes). */
const verifySchema = z.boolean().default(true);

export const createConnectionSchema = z
  .object({
    kind: connectionKindSchema,
    name: nameSchema,
    baseUrl: connectionUrlSchema.optional(),
    apiKey: keySchema.optional(),
    enabled: z.boolean().default(true),
    options: connectionOptionsSchema.default({}),
    verify: verifySchema,
  })
  .strict()
  .superRefine((value, ctx) => {
    for (const issue of connectionFieldIssues(value.kind, value))
      ctx.addIssue({ code: "custom", path: [issue.field], message: issue.message });
  });
export type CreateConnection = z.input<typeof createConnectionSchema>;

/** Any field left out stays as it is; `apiKey: null` removes the stored key. */
export const updateConnectionSchema = z
  .object({
    name: nameSchema.optional(),
    baseUrl: connectionUrlSchema.nullable().optional(),
    apiKey: keySchema.nullable().optional(),
    enabled: z.boolean().optional(),
    options: connectionOptionsSchema.optional(),
    verify: verifySchema,
  })
  .strict();
export type UpdateConnection = z.input<typeof updateConnectionSchema>;

export const connectionTestSchema = z.object({
  ok: z.boolean(),
  /** What came back, in a sentence, or the upstream's own error. */
  message: z.string(),
  /** A few things it answered with: model names, result titles, a transcript. */
  items: z.array(z.string()),
  /** How many there were in all (a model list of hundreds shows its first few). */
  total: z.number().int().nonnegative().nullable(),
  ms: z.number().int().nonnegative(),
});
export type ConnectionTest = z.infer<typeof connectionTestSchema>;

export const upstreamModelSchema = z.object({
  /** The name the connection knows it by: `anthropic/claude-sonnet-4`, `llama3.2:1b`. */
  id: z.string(),
  name: z.string().nullable(),
  description: z.string().nullable(),
  contextLength: z.number().int().nullable(),
  /** The catalogue model it already is, when it is one. */
  catalogueId: z.string().nullable(),
});
export type UpstreamModel = z.infer<typeof upstreamModelSchema>;

export const connectionModelsSchema = z.object({
  models: z.array(upstreamModelSchema),
  /** Why the list could not be read (the upstream's own words), else null. */
  error: z.string().nullable(),
});
export type ConnectionModels = z.infer<typeof connectionModelsSchema>;

export const CATALOGUE_GROUP_IDS = ["tessera", "industry", "open-source"] as const;
export const catalogueGroupIdSchema = z.enum(CATALOGUE_GROUP_IDS);

/** One catalogue model as the admin manages it. */
export const adminCatalogueModelSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  group: catalogueGroupIdSchema,
  /** In the built-in catalogue (can be switched off, not removed); else added by an admin. */
  builtIn: z.boolean(),
  enabled: z.boolean(),
  vision: z.boolean(),
  /** The connection the admin chose; null leaves it to the automatic choice. */
  connectionId: z.uuid().nullable(),
  /** Its name on that connection. */
  upstream: z.string().nullable(),
  /** What serves it now ("OpenRouter", "Set by the server's environment: Anthropic"), or null. */
  servedBy: z.string().nullable(),
  /** Fixed: Tessa and Tessera Local are always on and choose their own way. */
  fixed: z.boolean(),
});
export type AdminCatalogueModel = z.infer<typeof adminCatalogueModelSchema>;

export const adminCatalogueSchema = z.object({
  models: z.array(adminCatalogueModelSchema),
});
export type AdminCatalogue = z.infer<typeof adminCatalogueSchema>;

const displayNameSchema = z.string().trim().min(1).max(80);
const descriptionSchema = z.string().trim().max(200);

export const addModelToCatalogueSchema = z
  .object({
    connectionId: z.uuid(),
    upstream: modelNameSchema,
    name: displayNameSchema,
    group: catalogueGroupIdSchema,
    description: descriptionSchema.optional(),
    vision: z.boolean().default(false),
  })
  .strict();
export type AddModelToCatalogue = z.input<typeof addModelToCatalogueSchema>;

export const updateCatalogueModelSchema = z
  .object({
    enabled: z.boolean().optional(),
    /** null: back to the automatic choice (an added model then has no connection). */
    connectionId: z.uuid().nullable().optional(),
    upstream: modelNameSchema.nullable().optional(),
    name: displayNameSchema.optional(),
    group: catalogueGroupIdSchema.optional(),
    description: descriptionSchema.optional(),
  })
  .strict();
export type UpdateCatalogueModel = z.input<typeof updateCatalogueModelSchema>;
