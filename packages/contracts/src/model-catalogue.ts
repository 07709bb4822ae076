// The model catalogue of spec §3. Each entry names the provider model it runs on; the server says
// which are available now (models.ts). All models share one placeholder icon (spec), so none is stored
// here. Without schemas, so the chat's first screen reads it without the schema library.

export interface CatalogueModel {
  /** Short id (`gpt-5`) or provider/model id (`openai/gpt-5`), as the spec shows them. */
  id: string;
  name: string;
  description: string;
  vision?: boolean;
  research?: boolean;
  /** The OpenRouter model id; also the model name used with other providers after the slash. */
  upstream: string;
  /** What it is best at, in plain words; the guide's knowledge of the catalogue. */
  bestFor?: string[];
}

export interface ModelGroup {
  id: "tessera" | "industry" | "open-source";
  title: string;
  icon: string;
  color: string;
  models: CatalogueModel[];
}

export const GUIDE_MODEL_ID = "guide";
export const LOCAL_MODEL_ID = "tessera-local";
export const DEFAULT_CHAT_MODEL_ID = GUIDE_MODEL_ID;

const tessera: ModelGroup = {
  id: "tessera",
  title: "Tessera",
  icon: "sparkles",
  color: "violet",
  models: [
    {
      id: GUIDE_MODEL_ID,
      name: "Tessa",
      description: "Your guide: knows every model here and picks the right one for the job.",
      vision: true,
      research: true,
      upstream: "openai/gpt-5-mini",
    },
    {
      id: "tessera-social",
      name: "Tessera Social",
      description: "Short, punchy posts and replies for social media.",
      bestFor: ["social media posts", "short replies"],
      upstream: "openai/gpt-4o-mini",
    },
    {
      id: "tessera-writer",
      name: "Tessera Writer",
      description: "Long-form drafting and editing with a steady voice.",
      bestFor: ["blog posts", "long-form writing"],
      upstream: "anthropic/claude-sonnet-4",
    },
    {
      id: "tessera-research",
      name: "Tessera Research",
      description: "Searches, reads the top sources and answers with citations.",
      research: true,
      bestFor: ["research with web sources", "citations"],
      upstream: "openai/gpt-5-mini",
    },
    {
      id: LOCAL_MODEL_ID,
      name: "Tessera Local",
      description:
        "Built in and offline: answers from this workspace's help, catalogue and your documents, with sources.",
      research: true,
      upstream: LOCAL_MODEL_ID,
    },
  ],
};

const industry: ModelGroup = {
  id: "industry",
  title: "Industry Leaders",
  icon: "crown",
  color: "amber",
  models: [
    {
      id: "gpt-5",
      name: "GPT-5",
      description: "OpenAI's flagship for hard reasoning and code.",
      vision: true,
      bestFor: ["hard reasoning", "code", "math", "analysis"],
      upstream: "openai/gpt-5",
    },
    {
      id: "gpt-4o",
      name: "GPT-4o",
      description: "Fast, capable all-rounder with vision.",
      vision: true,
      bestFor: ["everyday questions", "images and screenshots (vision)", "quick drafts"],
      upstream: "openai/gpt-4o",
    },
    {
      id: "gemini-pro",
      name: "Gemini 2.5 Pro",
      description: "Google's long-context model for big documents.",
      vision: true,
      bestFor: ["long documents and PDFs", "large context", "images (vision)"],
      upstream: "google/gemini-2.5-pro",
    },
    {
      id: "gemini-flash",
      name: "Gemini 2.5 Flash",
      description: "Quick and cheap, with vision and long context.",
      vision: true,
      bestFor: ["speed", "low cost", "summaries of long documents"],
      upstream: "google/gemini-2.5-flash",
    },
    {
      id: "claude-sonnet",
      name: "Claude 4 Sonnet",
      description: "Anthropic's careful writer and coder.",
      vision: true,
      bestFor: ["writing and editing", "code review", "careful long answers"],
      upstream: "anthropic/claude-sonnet-4",
    },
    {
      id: "grok-4",
      name: "Grok 4",
      description: "xAI's reasoning model with a direct style.",
      bestFor: ["reasoning", "direct answers"],
      upstream: "x-ai/grok-4",
    },
    {
      id: "qwen-3",
      name: "Qwen 3 Coder",
      description: "Open-weight specialist for code.",
      bestFor: ["code", "programming", "refactoring"],
      upstream: "qwen/qwen3-coder",
    },
    {
      id: "kimi-k2",
      name: "Kimi K2",
      description: "Moonshot's agentic model, strong at tools and code.",
      bestFor: ["code", "agents and tools"],
      upstream: "moonshotai/kimi-k2",
    },
    {
      id: "deepseek-v3",
      name: "DeepSeek V3",
      description: "Strong open model for general chat and code.",
      bestFor: ["code", "general chat at low cost"],
      upstream: "deepseek/deepseek-chat-v3.1",
    },
    {
      id: "deepseek-r1",
      name: "DeepSeek R1",
      description: "Open reasoning model that thinks step by step.",
      bestFor: ["step-by-step reasoning", "math"],
      upstream: "deepseek/deepseek-r1",
    },
    {
      id: "mistral-nemo",
      name: "Mistral Nemo",
      description: "Small, fast multilingual model.",
      bestFor: ["speed", "many languages", "low cost"],
      upstream: "mistralai/mistral-nemo",
    },
    {
      id: "gpt-oss-120b",
      name: "GPT OSS 120B",
      description: "OpenAI's open-weight model.",
      upstream: "openai/gpt-oss-120b",
    },
  ],
};

const openSource: ModelGroup = {
  id: "open-source",
  title: "Open Source",
  icon: "git-branch",
  color: "emerald",
  models: [
    {
      id: "openai/gpt-5",
      name: "GPT-5",
      description: "Through OpenRouter.",
      vision: true,
      upstream: "openai/gpt-5",
    },
    {
      id: "openai/gpt-oss-120b",
      name: "GPT OSS 120B",
      description: "Open weights, 120B parameters.",
      upstream: "openai/gpt-oss-120b",
    },
    {
      id: "deepseek/deepseek-chat-v3.1",
      name: "DeepSeek V3",
      description: "Open weights, general purpose.",
      upstream: "deepseek/deepseek-chat-v3.1",
    },
    {
      id: "deepseek/deepseek-r1",
      name: "DeepSeek R1",
      description: "Open weights, reasoning.",
      upstream: "deepseek/deepseek-r1",
    },
    {
      id: "google/gemini-2.5-pro",
      name: "Gemini Pro 2.5",
      description: "Long context.",
      vision: true,
      upstream: "google/gemini-2.5-pro",
    },
    {
      id: "anthropic/claude-3.7-sonnet",
      name: "Claude 3.7 Sonnet",
      description: "Careful and thorough.",
      vision: true,
      upstream: "anthropic/claude-3.7-sonnet",
    },
    {
      id: "moonshotai/kimi-k2",
      name: "Kimi K2",
      description: "Agentic, strong at code.",
      upstream: "moonshotai/kimi-k2",
    },
    {
      id: "qwen/qwen3-coder",
      name: "Qwen3 Coder",
      description: "Code specialist.",
      upstream: "qwen/qwen3-coder",
    },
    {
      id: "mistralai/mistral-nemo",
      name: "Mistral Nemo",
      description: "Small and fast.",
      upstream: "mistralai/mistral-nemo",
    },
    {
      id: "google/gemini-2.5-flash",
      name: "Gemini 2.5 Flash",
      description: "Quick and cheap.",
      vision: true,
      upstream: "google/gemini-2.5-flash",
    },
  ],
};

export const MODEL_GROUPS: readonly ModelGroup[] = [tessera, industry, openSource];

export function findCatalogueModel(id: string): CatalogueModel | undefined {
  for (const g of MODEL_GROUPS) {
    const m = g.models.find((x) => x.id === id);
    if (m) return m;
  }
  return undefined;
}

/** Models found on an operator's OpenAI-compatible server: `local/llama3.2:1b`. */
export const LOCAL_SERVER_PREFIX = "local/";

/** A model's name without the server's list: the catalogue's, else a local model's own, else the id. */
export function modelDisplayName(id: string): string {
  const known = findCatalogueModel(id)?.name;
  if (known) return known;
  return id.startsWith(LOCAL_SERVER_PREFIX) ? id.slice(LOCAL_SERVER_PREFIX.length) : id;
}

/** Spec §5: the chat URL's `model` parameter accepts only these, plus legacy aliases of the guide. */
export const URL_MODEL_ALLOW_LIST = [
  "guide",
  "gpt-5",
  "gpt-4o",
  "claude-sonnet",
  "gemini-pro",
  "grok-4",
] as const;
export const LEGACY_GUIDE_ALIASES = [
  "social",
  "writer",
  "research",
  "core",
  "pro",
  "max",
  "mini",
  "tessera-social",
  "tessera-writer",
  "tessera-research",
] as const;

/** Resolves a `?model=` value: allowed ids pass, legacy aliases become the guide, anything else null. */
export function resolveUrlModel(value: string | null | undefined): string | null {
  if (!value) return null;
  const v = value.trim().toLowerCase();
  if ((URL_MODEL_ALLOW_LIST as readonly string[]).includes(v)) return v;
  if ((LEGACY_GUIDE_ALIASES as readonly string[]).includes(v) || v.startsWith("guide-"))
    return GUIDE_MODEL_ID;
  return null;
}
