// Which provider draws each image model, from configuration alone (no network), so the model list and
// a generation can never disagree about what is available. Tessera Sketch always is; the others need
// their provider (a connection, or its variable), and without it they read "Not enabled on this
// server", never replaced by another.
import {
  DEFAULT_IMAGE_MODEL_ID,
  NOT_ENABLED_MESSAGE,
  IMAGE_MODEL_CATALOGUE,
  PROCEDURAL_IMAGE_MODEL_ID,
  type ImageModel,
} from "@tessera/contracts";
import { isOpenAiBaseURL } from "../llm/routing";
import { createImageDownloader, originOf, type DownloadImage } from "./download-image";
import { createFalProvider, FAL_DEFAULT_BASE_URL } from "./fal";
import { createOpenAiImagesProvider } from "./openai-images";
import { createProceduralProvider } from "./procedural";
import type { ImageProvider, ImagesConfig } from "./types";

export const CUSTOM_MODEL_PREFIX = "custom/";

export type ResolvedImageModel =
  | { ok: true; id: string; name: string; provider: ImageProvider }
  | { ok: false; reason: "unknown" | "unavailable"; message: string };

export interface ImageRegistry {
  list(): ImageModel[];
  /** Imagine 4 when fal is configured, else Tessera Sketch. */
  defaultModel(): string;
  resolve(id: string): ResolvedImageModel;
}

/** The variables that switch image providers on, as env.ts parses them. */
export interface ImagesEnv {
  FAL_KEY?: string;
  FAL_BASE_URL?: string;
  OPENAI_API_KEY?: string;
  OPENAI_BASE_URL?: string;
  OPENAI_IMAGES_BASE_URL?: string;
  OPENAI_IMAGES_API_KEY?: string;
  OPENAI_IMAGES_MODELS: string[];
  OUTBOUND_ALLOW_PRIVATE: boolean;
}

export function imagesConfig(env: ImagesEnv): ImagesConfig {
  const config: ImagesConfig = { allowPrivateFetch: env.OUTBOUND_ALLOW_PRIVATE };
  if (env.FAL_KEY) config.fal = { key: env.FAL_KEY, baseURL: env.FAL_BASE_URL };
  // gpt-image-1 runs on OpenAI itself: not on a self-hosted server that OPENAI_BASE_URL may name.
  if (env.OPENAI_API_KEY && (!env.OPENAI_BASE_URL || isOpenAiBaseURL(env.OPENAI_BASE_URL)))
    config.openai = { apiKey: env.OPENAI_API_KEY, baseURL: env.OPENAI_BASE_URL };
  if (env.OPENAI_IMAGES_BASE_URL)
    config.openaiCompatible = {
      baseURL: env.OPENAI_IMAGES_BASE_URL,
      apiKey: env.OPENAI_IMAGES_API_KEY,
      models: env.OPENAI_IMAGES_MODELS,
    };
  return config;
}

export function createImageRegistry(
  config: ImagesConfig,
  deps: { fetch?: typeof fetch; download?: DownloadImage } = {},
): ImageRegistry {
  const trusted = [
    originOf(config.fal?.baseURL ?? FAL_DEFAULT_BASE_URL),
    config.openaiCompatible ? originOf(config.openaiCompatible.baseURL) : null,
  ].filter((o): o is string => o !== null);
  const download =
    deps.download ??
    createImageDownloader({ allowPrivate: config.allowPrivateFetch ?? false, trustedOrigins: trusted });
  const procedural = createProceduralProvider();

  const providerFor = (id: string): ImageProvider | null => {
    if (id === PROCEDURAL_IMAGE_MODEL_ID) return procedural;
    if ((id === "imagen4" || id === "flux-pro") && config.fal)
      return createFalProvider({ model: id, ...config.fal, download, fetch: deps.fetch });
    if (id === "gpt-image-1" && config.openai)
      return createOpenAiImagesProvider({
        id: "openai",
        model: id,
        ...config.openai,
        download,
        fetch: deps.fetch,
      });
    const custom = config.openaiCompatible;
    if (custom && id.startsWith(CUSTOM_MODEL_PREFIX)) {
      const model = id.slice(CUSTOM_MODEL_PREFIX.length);
      if (custom.models.includes(model))
        return createOpenAiImagesProvider({
          id: "openai-compatible",
          model,
          ...custom,
          download,
          fetch: deps.fetch,
        });
    }
    return null;
  };

  const host = config.openaiCompatible ? (originOf(config.openaiCompatible.baseURL) ?? "") : "";
  const models: ImageModel[] = [
    ...IMAGE_MODEL_CATALOGUE.map((m) => {
      const available = providerFor(m.id) !== null;
      return {
        id: m.id,
        name: m.name,
        description: m.description,
        typicalSeconds: { ...m.typicalSeconds },
        available,
        unavailableReason: available ? null : NOT_ENABLED_MESSAGE,
      };
    }),
    ...(config.openaiCompatible?.models ?? []).map((name) => ({
      id: `${CUSTOM_MODEL_PREFIX}${name}`,
      name,
      description: `On the image server at ${host.replace(/^https?:\/\//, "")}.`,
      typicalSeconds: { min: 5, max: 30 },
      available: true,
      unavailableReason: null,
    })),
  ];

  return {
    list: () => models.map((m) => ({ ...m, typicalSeconds: { ...m.typicalSeconds } })),
    defaultModel: () =>
      providerFor(DEFAULT_IMAGE_MODEL_ID) ? DEFAULT_IMAGE_MODEL_ID : PROCEDURAL_IMAGE_MODEL_ID,
    resolve(id) {
      const listed = models.find((m) => m.id === id);
      if (!listed) return { ok: false, reason: "unknown", message: `There is no image model called ${id}.` };
      const provider = providerFor(id);
      if (!provider)
        return {
          ok: false,
          reason: "unavailable",
          message: `${listed.name} is not enabled on this server.`,
        };
      return { ok: true, id, name: listed.name, provider };
    },
  };
}
