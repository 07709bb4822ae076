// The providers the server's environment sets, in the Connections page's words: each with its kind,
// the variables that set it (the admin's page names them; nobody else's does) and what the live
// configuration needs to use it.
import type { ConnectionKind, ConnectionOptions } from "@tessera/contracts";
import type { Env } from "../../env";
import { hostOf, isOpenAiBaseURL } from "../../providers/llm/routing";
import { speechSettings } from "../../providers/speech/registry";
import { remoteTranscription } from "../../providers/transcription/registry";

export interface EnvProvider {
  kind: ConnectionKind;
  name: string;
  /** Without credentials (an smtp:// address's password is the key). */
  baseUrl: string | null;
  apiKey?: string;
  options: ConnectionOptions;
  variables: string[];
}

/** The variables among `names` that are set (a list variable counts when it names anything). */
const named = (env: Env, ...names: (keyof Env)[]) =>
  names.filter((n) => {
    const value = env[n];
    return Array.isArray(value) ? value.length > 0 : value !== undefined && value !== "";
  });

export function environmentProviders(env: Env): EnvProvider[] {
  const out: EnvProvider[] = [];
  const add = (p: Omit<EnvProvider, "options"> & { options?: ConnectionOptions }) =>
    out.push({ options: {}, ...p });

  if (env.OPENROUTER_API_KEY)
    add({
      kind: "openrouter",
      name: "OpenRouter",
      baseUrl: env.OPENROUTER_BASE_URL ?? null,
      apiKey: env.OPENROUTER_API_KEY,
      variables: named(env, "OPENROUTER_API_KEY", "OPENROUTER_BASE_URL"),
    });
  const openAi =
    Boolean(env.OPENAI_API_KEY) && (!env.OPENAI_BASE_URL || isOpenAiBaseURL(env.OPENAI_BASE_URL));
  if (env.OPENAI_API_KEY || env.OPENAI_BASE_URL)
    add({
      kind: openAi ? "openai" : "openai-compatible",
      name: openAi ? "OpenAI" : `Model server at ${hostOf(env.OPENAI_BASE_URL ?? "")}`,
      baseUrl: env.OPENAI_BASE_URL ?? null,
      apiKey: env.OPENAI_API_KEY,
      options: env.OPENAI_MODELS.length ? { models: env.OPENAI_MODELS } : {},
      variables: named(env, "OPENAI_API_KEY", "OPENAI_BASE_URL", "OPENAI_MODELS"),
    });
  if (env.ANTHROPIC_API_KEY)
    add({
      kind: "anthropic",
      name: "Anthropic",
      baseUrl: env.ANTHROPIC_BASE_URL ?? null,
      apiKey: env.ANTHROPIC_API_KEY,
      variables: named(env, "ANTHROPIC_API_KEY", "ANTHROPIC_BASE_URL"),
    });
  if (env.GOOGLE_GENERATIVE_AI_API_KEY)
    add({
      kind: "google",
      name: "Google",
      baseUrl: env.GOOGLE_BASE_URL ?? null,
      apiKey: env.GOOGLE_GENERATIVE_AI_API_KEY,
      variables: named(env, "GOOGLE_GENERATIVE_AI_API_KEY", "GOOGLE_BASE_URL"),
    });

  if (env.SEARXNG_URL)
    add({ kind: "searxng", name: "SearXNG", baseUrl: env.SEARXNG_URL, variables: ["SEARXNG_URL"] });
  if (env.TAVILY_API_KEY)
    add({
      kind: "tavily",
      name: "Tavily",
      baseUrl: env.TAVILY_BASE_URL ?? null,
      apiKey: env.TAVILY_API_KEY,
      variables: named(env, "TAVILY_API_KEY", "TAVILY_BASE_URL"),
    });
  if (env.BRAVE_SEARCH_API_KEY)
    add({
      kind: "brave",
      name: "Brave Search",
      baseUrl: env.BRAVE_BASE_URL ?? null,
      apiKey: env.BRAVE_SEARCH_API_KEY,
      variables: named(env, "BRAVE_SEARCH_API_KEY", "BRAVE_BASE_URL"),
    });
  if (env.JIGSAWSTACK_API_KEY)
    add({
      kind: "jigsawstack",
      name: "JigsawStack",
      baseUrl: env.JIGSAWSTACK_BASE_URL ?? null,
      apiKey: env.JIGSAWSTACK_API_KEY,
      variables: named(env, "JIGSAWSTACK_API_KEY", "JIGSAWSTACK_BASE_URL"),
    });

  if (env.FAL_KEY)
    add({
      kind: "fal",
      name: "fal",
      baseUrl: env.FAL_BASE_URL ?? null,
      apiKey: env.FAL_KEY,
      variables: named(env, "FAL_KEY", "FAL_BASE_URL"),
    });
  // gpt-image-1 runs on OpenAI itself: not on a self-hosted server that OPENAI_BASE_URL may name.
  if (openAi)
    add({
      kind: "openai-images",
      name: "OpenAI images",
      baseUrl: env.OPENAI_BASE_URL ?? null,
      apiKey: env.OPENAI_API_KEY,
      variables: named(env, "OPENAI_API_KEY", "OPENAI_BASE_URL"),
    });
  if (env.OPENAI_IMAGES_BASE_URL)
    add({
      kind: "openai-images",
      name: `Image server at ${hostOf(env.OPENAI_IMAGES_BASE_URL)}`,
      baseUrl: env.OPENAI_IMAGES_BASE_URL,
      apiKey: env.OPENAI_IMAGES_API_KEY,
      options: { models: env.OPENAI_IMAGES_MODELS },
      variables: named(env, "OPENAI_IMAGES_BASE_URL", "OPENAI_IMAGES_API_KEY", "OPENAI_IMAGES_MODELS"),
    });

  const speech = speechSettings(env);
  if (speech)
    add({
      kind: "openai-speech",
      name: "Text to speech",
      baseUrl: speech.baseURL ?? null,
      apiKey: speech.apiKey,
      options: speech.model ? { model: speech.model } : {},
      variables:
        env.OPENAI_TTS_BASE_URL || env.OPENAI_TTS_API_KEY
          ? named(env, "OPENAI_TTS_BASE_URL", "OPENAI_TTS_API_KEY", "OPENAI_TTS_MODEL")
          : named(env, "OPENAI_API_KEY", "OPENAI_BASE_URL", "OPENAI_TTS_MODEL"),
    });
  const transcription = remoteTranscription(env);
  if (transcription)
    add({
      kind: "openai-transcription",
      name: "Transcription",
      baseUrl: transcription.baseURL,
      apiKey: transcription.apiKey,
      options: transcription.model ? { model: transcription.model } : {},
      variables: env.TRANSCRIBE_BASE_URL
        ? named(env, "TRANSCRIBE_BASE_URL", "TRANSCRIBE_API_KEY", "TRANSCRIBE_MODEL")
        : named(env, "OPENAI_API_KEY", "OPENAI_BASE_URL", "TRANSCRIBE_MODEL"),
    });

  if (env.SMTP_URL) {
    const { address, password } = splitSmtpUrl(env.SMTP_URL);
    add({
      kind: "smtp",
      name: "Mail server",
      baseUrl: address,
      apiKey: password ?? undefined,
      options: { from: env.MAIL_FROM },
      variables: ["SMTP_URL", "MAIL_FROM"],
    });
  }
  return out;
}

/** An smtp:// address without its password, and the password (the part kept sealed). */
export function splitSmtpUrl(value: string): { address: string; password: string | null } {
  const url = new URL(value);
  const password = url.password ? decodeURIComponent(url.password) : null;
  url.password = "";
  return { address: url.toString().replace(/\/$/, ""), password };
}

/** The address nodemailer signs in with: the stored one with its password put back. */
export function smtpUrlWith(address: string, password: string | undefined): string {
  if (!password) return address;
  const url = new URL(address);
  url.password = encodeURIComponent(password);
  return url.toString();
}
