// The assistant form's state, and how it maps to and from the API. Numbers the person is still
// typing stay strings here; the server checks every limit and says what is wrong.
import {
  assistantSettingsSchema,
  type Assistant,
  type AssistantSettings,
  type CreateAssistantInput,
} from "@tessera/contracts";

export const PERSONALITIES = assistantSettingsSchema.shape.personality.options;
export const RESPONSE_STYLES = assistantSettingsSchema.shape.responseStyle.options;
export const TEMPERATURE_MIN = assistantSettingsSchema.shape.temperature.minValue ?? 0;
export const TEMPERATURE_MAX = assistantSettingsSchema.shape.temperature.maxValue ?? 2;
export const MAX_TOKENS_MAX = assistantSettingsSchema.shape.maxTokens.maxValue ?? undefined;

export interface AssistantDraft {
  name: string;
  description: string;
  avatar: string;
  systemPrompt: string;
  model: string;
  temperature: number;
  maxTokens: string;
  personality: AssistantSettings["personality"];
  responseStyle: AssistantSettings["responseStyle"];
  language: string;
  isPublic: boolean;
  instructions: string;
  documents: string[];
  /** Knowledge bases it answers from (ids of /api/knowledge/collections). */
  collections: string[];
  websites: string[];
  /** Tool ids its conversations start with; null while never chosen (not sent). */
  tools: string[] | null;
}

/** A new assistant: the settings of the default built-in one, on the model given. */
export function newDraft(model: string): AssistantDraft {
  return {
    name: "",
    description: "",
    avatar: "🤖",
    systemPrompt: "",
    model,
    temperature: 0.7,
    maxTokens: "4000",
    personality: "friendly",
    responseStyle: "conversational",
    language: "en",
    isPublic: false,
    instructions: "",
    documents: [],
    collections: [],
    websites: [],
    tools: null,
  };
}

export function draftOf(assistant: Assistant): AssistantDraft {
  const { settings, knowledgeBase } = assistant;
  return {
    name: assistant.name,
    description: assistant.description,
    avatar: assistant.avatar,
    systemPrompt: assistant.systemPrompt,
    model: settings.model,
    temperature: settings.temperature,
    maxTokens: String(settings.maxTokens),
    personality: settings.personality,
    responseStyle: settings.responseStyle,
    language: settings.language,
    isPublic: assistant.isPublic,
    instructions: knowledgeBase.instructions,
    documents: knowledgeBase.documents,
    collections: knowledgeBase.collections ?? [],
    websites: knowledgeBase.websites,
    tools: assistant.tools?.length ? assistant.tools : null,
  };
}

export function inputOf(draft: AssistantDraft): CreateAssistantInput {
  return {
    name: draft.name,
    description: draft.description,
    avatar: draft.avatar,
    systemPrompt: draft.systemPrompt,
    isPublic: draft.isPublic,
    settings: {
      model: draft.model,
      temperature: draft.temperature,
      // A blank box is sent as 0, which the server refuses with its own message.
      maxTokens: Number(draft.maxTokens.trim() || 0),
      personality: draft.personality,
      responseStyle: draft.responseStyle,
      language: draft.language,
    },
    knowledgeBase: {
      instructions: draft.instructions,
      documents: draft.documents,
      collections: draft.collections,
      websites: draft.websites.map((w) => w.trim()).filter(Boolean),
    },
    ...(draft.tools ? { tools: draft.tools } : {}),
  };
}

/** The languages an assistant can be told to answer in, as BCP 47 codes; named in the reader's language. */
export const ANSWER_LANGUAGES: readonly string[] = [
  "en",
  "es",
  "fr",
  "de",
  "it",
  "pt",
  "nl",
  "pl",
  "sv",
  "tr",
  "uk",
  "ru",
  "ar",
  "hi",
  "ja",
  "ko",
  "zh",
];

/**
 * Names languages in `locale` ("de" → "German" in English, "Deutsch" in German), capitalised as a
 * list item; a code the browser cannot name is shown as it is.
 */
export function languageNamer(locale: string): (code: string) => string {
  const names = new Intl.DisplayNames([locale], { type: "language" });
  return (code) => {
    try {
      const name = names.of(code) ?? code;
      return name.charAt(0).toLocaleUpperCase(locale) + name.slice(1);
    } catch {
      return code;
    }
  };
}
