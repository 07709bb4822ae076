// The configuration every provider runs on: the environment's providers and the Connections page's,
// merged. Where both name one, the page's connection wins; of two page connections that would do
// the same job, the older serves (a second OpenRouter can still serve models an admin routes to it).
import {
  CATALOGUE_GROUP_IDS,
  CONNECTION_KIND_INFO,
  type Capability,
  type EnvironmentProvider,
} from "@tessera/contracts";
import type { Env } from "../../env";
import { imagesConfig } from "../../providers/images/registry";
import type { ImagesConfig } from "../../providers/images/types";
import type { SmtpSettings } from "../../providers/mail/mailer";
import { isOpenAiBaseURL, OPENAI_DEFAULT_BASE_URL } from "../../providers/llm/routing";
import type {
  AddedModel,
  CatalogueLayer,
  LlmConfig,
  LlmEndpoint,
  LlmEndpointKind,
} from "../../providers/llm/types";
import type { SpeechConfig } from "../../providers/speech/registry";
import type { SearchConfig } from "../../providers/search/types";
import type { TranscriptionConfig } from "../../providers/transcription/registry";
import { environmentProviders, smtpUrlWith, type EnvProvider } from "./environment-providers";
import { keyHintOf, type Stored, type StoredConnection } from "./stored-connections";

export interface Usage {
  inUse: boolean;
  note: string | null;
}

export interface EffectiveConfig {
  llm: LlmConfig;
  search: SearchConfig;
  images: ImagesConfig;
  /** OpenAI-compatible speech, or undefined for the embedded eSpeak. */
  speech: SpeechConfig["openai"];
  transcription: TranscriptionConfig["remote"];
  smtp: SmtpSettings | null;
  environment: EnvironmentProvider[];
  /** What each of the page's connections is doing, by id. */
  usage: Map<string, Usage>;
}

/** The environment's endpoint ids: the provider names routing.ts gives them too. */
const ENV_ENDPOINT_ID: Record<LlmEndpointKind, string> = {
  openrouter: "openrouter",
  openai: "openai-compatible",
  "openai-compatible": "openai-compatible",
  anthropic: "anthropic",
  google: "google",
};

const sameAddress = (a: string | null, b: string | null) =>
  (a ?? "").replace(/\/+$/, "").toLowerCase() === (b ?? "").replace(/\/+$/, "").toLowerCase();

export function effectiveConfig(env: Env, stored: Stored): EffectiveConfig {
  const usage = new Map<string, Usage>();
  const page: StoredConnection[] = [];
  for (const c of stored.connections) {
    const info = CONNECTION_KIND_INFO[c.kind];
    if (!c.enabled) usage.set(c.id, { inUse: false, note: null });
    else if (c.keyState === "unreadable")
      usage.set(c.id, {
        inUse: false,
        note: "Its key cannot be opened with this server's ENCRYPTION_KEY (was it changed?). Enter the key again.",
      });
    else if (info.apiKey === "required" && !c.apiKey)
      usage.set(c.id, { inUse: false, note: `${info.label} needs a key.` });
    else {
      usage.set(c.id, { inUse: true, note: null });
      page.push(c);
    }
  }
  const envProviders = environmentProviders(env);
  const overriddenBy = new Map<EnvProvider, string>();
  const of = (capability: Capability) =>
    page.filter((c) => CONNECTION_KIND_INFO[c.kind].capability === capability);
  /** The page's connection `winner` takes the environment's `p`'s place. */
  const replace = (p: EnvProvider, winner: StoredConnection) => {
    overriddenBy.set(p, winner.id);
    usage.set(winner.id, {
      inUse: true,
      note: `Used instead of the server's environment (${p.variables.join(", ")}).`,
    });
  };
  /** Of several page connections for one job, the first serves and the others say so. */
  const firstOf = (candidates: StoredConnection[], why: (first: StoredConnection) => string) => {
    const [first, ...rest] = candidates;
    for (const c of rest) usage.set(c.id, { inUse: false, note: why(first!) });
    return first;
  };

  // Language models: every usable page connection is an endpoint (a model can be routed to any of
  // them); the first of each kind serves the automatic choice.
  const llmPage = of("language");
  const endpoints: LlmEndpoint[] = llmPage.map((c) => ({
    id: c.id,
    kind: c.kind as LlmEndpointKind,
    name: c.name,
    baseURL: c.baseUrl ?? undefined,
    apiKey: c.apiKey,
    extraModels: c.options.models,
  }));
  for (const [i, c] of llmPage.entries()) {
    const earlier = llmPage.slice(0, i).find((o) => o.kind === c.kind && c.kind !== "openai-compatible");
    if (earlier)
      usage.set(c.id, {
        inUse: true,
        note: `“${earlier.name}” is used first; choose this one for a model under Models.`,
      });
  }
  for (const p of envProviders.filter((e) => CONNECTION_KIND_INFO[e.kind].capability === "language")) {
    const winner = llmPage.find(
      (c) => c.kind === p.kind && (p.kind !== "openai-compatible" || sameAddress(c.baseUrl, p.baseUrl)),
    );
    if (winner) replace(p, winner);
    else
      endpoints.push({
        id: ENV_ENDPOINT_ID[p.kind as LlmEndpointKind],
        kind: p.kind as LlmEndpointKind,
        name: p.name,
        baseURL: p.baseUrl ?? undefined,
        apiKey: p.apiKey,
        extraModels: p.options.models,
      });
  }

  // Search: one provider answers; the page's first, else the environment's.
  const searchFirst = firstOf(
    of("search"),
    (f) => `Search goes through “${f.name}”: one search service answers at a time.`,
  );
  const search: SearchConfig = { timeoutMs: env.SEARCH_TIMEOUT_MS };
  const searchSources: { kind: string; baseUrl: string | null; apiKey?: string }[] = searchFirst
    ? [searchFirst]
    : envProviders.filter((p) => CONNECTION_KIND_INFO[p.kind].capability === "search");
  for (const s of searchSources) {
    const baseURL = s.baseUrl ?? undefined;
    if (s.kind === "searxng" && s.baseUrl) search.searxng ??= { url: s.baseUrl };
    if (s.kind === "tavily" && s.apiKey) search.tavily ??= { apiKey: s.apiKey, baseURL };
    if (s.kind === "brave" && s.apiKey) search.brave ??= { apiKey: s.apiKey, baseURL };
    if (s.kind === "jigsawstack" && s.apiKey) search.jigsawstack ??= { apiKey: s.apiKey, baseURL };
  }
  if (searchFirst)
    for (const p of envProviders.filter((e) => CONNECTION_KIND_INFO[e.kind].capability === "search"))
      replace(p, searchFirst);

  // Images: fal, OpenAI itself (gpt-image-1) and one OpenAI-compatible image server, each its own slot.
  const images = imagesConfig(env);
  const imagesPage = of("images");
  const isCustom = (c: { baseUrl: string | null }) => Boolean(c.baseUrl && !isOpenAiBaseURL(c.baseUrl));
  const slots = [
    {
      pick: (c: { kind: string }) => c.kind === "fal",
      set: (c: StoredConnection) => (images.fal = { key: c.apiKey!, baseURL: c.baseUrl ?? undefined }),
    },
    {
      pick: (c: { kind: string; baseUrl: string | null }) => c.kind === "openai-images" && !isCustom(c),
      set: (c: StoredConnection) => (images.openai = { apiKey: c.apiKey!, baseURL: c.baseUrl ?? undefined }),
    },
    {
      pick: (c: { kind: string; baseUrl: string | null }) => c.kind === "openai-images" && isCustom(c),
      set: (c: StoredConnection) =>
        (images.openaiCompatible = { baseURL: c.baseUrl!, apiKey: c.apiKey, models: c.options.models ?? [] }),
    },
  ];
  for (const slot of slots) {
    // OpenAI itself needs a key; a self-hosted image server may not.
    const candidates = imagesPage.filter(
      (c) => slot.pick(c) && (c.kind !== "openai-images" || isCustom(c) || c.apiKey),
    );
    const first = firstOf(candidates, (f) => `“${f.name}” is used first.`);
    if (!first) continue;
    slot.set(first);
    for (const p of envProviders.filter((e) => slot.pick(e))) replace(p, first);
  }
  for (const c of imagesPage)
    if (c.kind === "openai-images" && !isCustom(c) && !c.apiKey)
      usage.set(c.id, {
        inUse: false,
        note: "OpenAI's own images need a key (or give the address of an image server).",
      });

  // Speech, transcription and mail: one each, the page's first.
  const single = <T>(capability: Capability, build: (c: StoredConnection) => T, fromEnv: () => T): T => {
    const first = firstOf(of(capability), (f) => `“${f.name}” is used first.`);
    if (!first) return fromEnv();
    for (const p of envProviders.filter((e) => CONNECTION_KIND_INFO[e.kind].capability === capability))
      replace(p, first);
    return build(first);
  };
  const envOf = (capability: Capability) =>
    envProviders.find((e) => CONNECTION_KIND_INFO[e.kind].capability === capability);
  const speech = single<SpeechConfig["openai"]>(
    "speech",
    (c) => ({ apiKey: c.apiKey, baseURL: c.baseUrl ?? undefined, model: c.options.model }),
    () => {
      const p = envOf("speech");
      return p ? { apiKey: p.apiKey, baseURL: p.baseUrl ?? undefined, model: p.options.model } : undefined;
    },
  );
  const transcription = single<TranscriptionConfig["remote"]>(
    "transcription",
    (c) => ({ baseURL: c.baseUrl ?? OPENAI_DEFAULT_BASE_URL, apiKey: c.apiKey, model: c.options.model }),
    () => {
      const p = envOf("transcription");
      return p
        ? { baseURL: p.baseUrl ?? OPENAI_DEFAULT_BASE_URL, apiKey: p.apiKey, model: p.options.model }
        : undefined;
    },
  );
  const smtp = single<SmtpSettings | null>(
    "mail",
    (c) => ({ url: smtpUrlWith(c.baseUrl!, c.apiKey), from: c.options.from ?? env.MAIL_FROM }),
    () => (env.SMTP_URL ? { url: env.SMTP_URL, from: env.MAIL_FROM } : null),
  );

  return {
    llm: { localPaceMs: env.LOCAL_MODEL_PACE_MS, endpoints, catalogue: catalogueLayer(stored) },
    search,
    images,
    speech,
    transcription,
    smtp,
    environment: envProviders.map((p) => ({
      kind: p.kind,
      name: p.name,
      baseUrl: p.baseUrl,
      variables: p.variables,
      keyLast4: p.apiKey ? keyHintOf(p.apiKey) : null,
      overriddenBy: overriddenBy.get(p) ?? null,
    })),
    usage,
  };
}

function catalogueLayer(stored: Stored): CatalogueLayer {
  const off = new Set<string>();
  const via = new Map<string, { endpointId: string; upstream: string | null }>();
  const added: AddedModel[] = [];
  for (const row of stored.catalogue) {
    if (!row.enabled) off.add(row.id);
    if (row.builtIn) {
      if (row.connectionId) via.set(row.id, { endpointId: row.connectionId, upstream: row.upstream });
      continue;
    }
    const group = CATALOGUE_GROUP_IDS.find((g) => g === row.groupId) ?? "open-source";
    added.push({
      id: row.id,
      name: row.name ?? row.id,
      description: row.description ?? "",
      group,
      vision: row.vision,
      endpointId: row.connectionId,
      upstream: row.upstream ?? row.id,
    });
  }
  return { off, via, added };
}
