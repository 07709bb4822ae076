// What ships with Tessera, as the server describes it (the model catalogue, built-in assistants and
// tools, their groups and why a model is off), in the reader's language. The server keeps English,
// which models and prompts read. Only a built-in id whose text is still the shipped one is translated:
// what an admin or a person wrote, and what a provider says of its models, stays as given.
import {
  IMAGE_MODEL_CATALOGUE,
  LOCAL_MODEL_CATALOGUE,
  LOCAL_MODEL_PREFIX,
  LOCAL_SERVER_PREFIX,
  MODEL_GROUPS,
  NOT_ENABLED_MESSAGE,
  PLANS,
  findCatalogueModel,
  upgradeMessage,
  type Assistant,
  type ImageModelsResponse,
  type ModelAvailability,
  type ModelsResponse,
  type PromptTemplate,
  type ToolSummary,
} from "@tessera/contracts";
import i18next, { type TFunction } from "i18next";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";

export const CATALOGUE_NAMESPACE = "catalogue";

/** The server's English for the models of the local server list (registry.ts). */
const THROUGH_OPENAI = "Through OpenAI.";
const ON_YOUR_SERVER = /^On your server \((.+)\)$/;
/** The image registry's words for a model of the operator's image server. */
const ON_IMAGE_SERVER = /^On the image server at (.+)\.$/;

/** What the transcription registry says of dictation (transcription/registry.ts). */
const TRANSCRIBED_BY = /^Speech is transcribed by (.+)\.$/;
const BASIC_DICTATION =
  "Basic offline recognition (PocketSphinx): speak clearly in English and check the words before sending.";
const DICTATION_OFF =
  /^Dictation is not enabled on this server: it needs a transcription connection, or (.+) installed on the server\.$/;

/** Why a model is off, as the server words it with values (gguf/local-model-source.ts, registry.ts). */
const NEEDS_MEMORY =
  /^Needs about (\d+(?:\.\d+)?) (GB|MB) of memory; the server has (\d+(?:\.\d+)?) (GB|MB) free\.$/;
const UNREACHABLE = /^Could not reach the model server at (.+)\.$/;

/** "2.5 GB" in the reader's language ("2,5 Go"), with as many decimals as the server gave. */
export function formatSize(language: string, amount: string, unit: string): string {
  const decimals = amount.split(".")[1]?.length ?? 0;
  return new Intl.NumberFormat(language, {
    style: "unit",
    unit: unit === "GB" ? "gigabyte" : "megabyte",
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  }).format(Number(amount));
}

type Table = Record<string, string | Record<string, string>>;

/** A section of the namespace by id: ids hold dots and slashes, so they are not key paths. */
function readTable(t: TFunction, key: string, lng?: string): Table {
  const found: unknown = t(key, { returnObjects: true, ...(lng ? { lng } : {}) });
  return typeof found === "object" && found !== null ? (found as Table) : {};
}

const textIn = (table: Table, id: string): string | undefined => {
  const found = table[id];
  return typeof found === "string" ? found : undefined;
};

/** The shipped English of a model that comes with Tessera, when `id` is one. */
function shippedDescription(id: string): { table: string; key: string; english: string } | undefined {
  const known = findCatalogueModel(id);
  if (known) return { table: "models", key: id, english: known.description };
  if (id.startsWith(LOCAL_MODEL_PREFIX)) {
    const file = `${id.slice(LOCAL_MODEL_PREFIX.length)}.gguf`;
    const local = LOCAL_MODEL_CATALOGUE.find((m) => m.file.toLowerCase() === file);
    if (local) return { table: "localModels", key: local.id, english: local.description };
  }
  const image = IMAGE_MODEL_CATALOGUE.find((m) => m.id === id);
  if (image) return { table: "imageModels", key: image.id, english: image.description };
  return undefined;
}

/** Arrow-typed, so each can be handed on alone (as a query's `select`, say). */
export interface CatalogueTexts {
  modelDescription: (model: { id: string; description: string }) => string;
  unavailableReason: (
    model: Pick<ModelAvailability, "name" | "unavailableReason" | "requiredPlan">,
  ) => string | null;
  groupTitle: (group: { id: string; title: string }) => string;
  models: (data: ModelsResponse) => ModelsResponse;
  /** The image models: a shipped model's generic name and description, and why one is off. */
  imageModels: (data: ImageModelsResponse) => ImageModelsResponse;
  localModelDescription: (model: { id: string; description: string }) => string;
  assistant: <T extends Pick<Assistant, "name" | "description" | "builtIn">>(assistant: T) => T;
  toolDescription: (tool: Pick<ToolSummary, "source" | "name" | "description">) => string;
  /** A built-in tool's name for people ("Current time"); null for a tool an MCP server names. */
  toolDisplayName: (tool: Pick<ToolSummary, "source" | "name">) => string | null;
  dictation: (description: string) => string;
  prompt: <T extends Pick<PromptTemplate, "title" | "description" | "content" | "builtIn">>(prompt: T) => T;
  /** A prompt's tags as shown: a built-in prompt's shipped tags translated, the stored ones unchanged. */
  promptTags: (prompt: Pick<PromptTemplate, "tags" | "builtIn">) => string[];
  /** What a built-in prompt's {{placeholder}} asks for ("Thema" for `topic`); others keep their name. */
  promptField: (prompt: Pick<PromptTemplate, "builtIn">, name: string) => string;
}

export function catalogueTexts(t: TFunction): CatalogueTexts {
  // Each section is read once per language: reading one with returnObjects translates every entry in
  // it, and the answers map each model of the catalogue through one.
  const tables = new Map<string, Table>();
  const tableOf = (key: string, lng?: string): Table => {
    const id = `${lng ?? i18next.language}:${key}`;
    let table = tables.get(id);
    if (!table) tables.set(id, (table = readTable(t, key, lng)));
    return table;
  };
  const modelDescription: CatalogueTexts["modelDescription"] = ({ id, description }) => {
    const shipped = shippedDescription(id);
    if (shipped)
      return shipped.english === description
        ? (textIn(tableOf(shipped.table), shipped.key) ?? description)
        : description;
    if (id.startsWith(LOCAL_SERVER_PREFIX)) {
      if (description === THROUGH_OPENAI) return t("serverModels.throughOpenAI");
      const host = ON_YOUR_SERVER.exec(description)?.[1];
      if (host) return t("serverModels.onYourServer", { host });
    }
    const imageHost = ON_IMAGE_SERVER.exec(description)?.[1];
    if (imageHost) return t("serverModels.imageServer", { host: imageHost });
    return description;
  };
  const unavailableReason: CatalogueTexts["unavailableReason"] = ({
    name,
    unavailableReason,
    requiredPlan,
  }) => {
    if (unavailableReason === NOT_ENABLED_MESSAGE) return t("unavailable.notEnabled");
    if (requiredPlan && unavailableReason === upgradeMessage(name, requiredPlan))
      return requiredPlan === "team"
        ? t("unavailable.upgradeTeam", { name })
        : t("unavailable.upgrade", { name, plan: PLANS[requiredPlan].name });
    const memory = unavailableReason ? NEEDS_MEMORY.exec(unavailableReason) : null;
    if (memory) {
      const language = i18next.resolvedLanguage ?? "en";
      return t("unavailable.needsMemory", {
        needed: formatSize(language, memory[1]!, memory[2]!),
        free: formatSize(language, memory[3]!, memory[4]!),
      });
    }
    const host = unavailableReason ? UNREACHABLE.exec(unavailableReason)?.[1] : undefined;
    if (host) return t("unavailable.unreachable", { host });
    return unavailableReason;
  };
  const groupTitle: CatalogueTexts["groupTitle"] = ({ id, title }) =>
    MODEL_GROUPS.find((g) => g.id === id)?.title === title ? (textIn(tableOf("groups"), id) ?? title) : title;
  const localized = (m: ModelAvailability): ModelAvailability => ({
    ...m,
    description: modelDescription(m),
    unavailableReason: unavailableReason(m),
  });
  const nested = (section: string, key: string, english: { name: string; description: string }) => {
    const entry = tableOf(section)[key];
    if (typeof entry !== "object") return english;
    return { name: entry.name ?? english.name, description: entry.description ?? english.description };
  };
  return {
    modelDescription,
    unavailableReason,
    groupTitle,
    models: (data) => ({
      groups: data.groups.map((g) => ({ ...g, title: groupTitle(g), models: g.models.map(localized) })),
    }),
    imageModels: (data) => ({
      ...data,
      models: data.models.map((m) => {
        const shipped = IMAGE_MODEL_CATALOGUE.find((c) => c.id === m.id);
        const name = shipped?.name === m.name ? textIn(tableOf("imageModelNames"), m.id) : undefined;
        return {
          ...m,
          name: name ?? m.name,
          description: modelDescription(m),
          unavailableReason: unavailableReason({ ...m, requiredPlan: null }),
        };
      }),
    }),
    localModelDescription: ({ id, description }) => {
      const shipped = LOCAL_MODEL_CATALOGUE.find((m) => m.id === id);
      return shipped?.description === description
        ? (textIn(tableOf("localModels"), id) ?? description)
        : description;
    },
    // A built-in assistant keeps its shipped texts on the server; one a person made is theirs.
    assistant: (a) => (a.builtIn ? { ...a, ...nested("assistants", a.builtIn, a) } : a),
    // Each text of a built-in prompt that is still the shipped English (the English catalogue's) is
    // translated; its placeholders keep their names in every language, so the text still fills.
    prompt: (p) => {
      const shipped = p.builtIn ? tableOf("prompts", "en")[p.builtIn] : undefined;
      const entry = p.builtIn ? tableOf("prompts")[p.builtIn] : undefined;
      if (typeof shipped !== "object" || typeof entry !== "object") return p;
      const text = (field: "title" | "description" | "content") =>
        p[field] === shipped[field] ? (entry[field] ?? p[field]) : p[field];
      return { ...p, title: text("title"), description: text("description"), content: text("content") };
    },
    promptTags: ({ tags, builtIn }) => {
      if (!builtIn) return tags;
      const table = tableOf("promptTags");
      return tags.map((tag) => textIn(table, tag) ?? tag);
    },
    promptField: ({ builtIn }, name) => (builtIn ? (textIn(tableOf("promptFields"), name) ?? name) : name),
    // Program names stay as they are: they are what an operator installs.
    dictation: (description) => {
      if (description === BASIC_DICTATION) return t("dictation.basic");
      const model = TRANSCRIBED_BY.exec(description)?.[1];
      if (model) return t("dictation.transcribedBy", { model });
      const missing = DICTATION_OFF.exec(description)?.[1];
      if (missing) {
        const [first, second] = missing.split(" and ");
        return t("dictation.notEnabled", {
          missing: second ? t("dictation.and", { first, second }) : missing,
        });
      }
      return description;
    },
    // A built-in tool keeps its name (the one models call and the chat's steps show); an MCP server's
    // tools are described by that server.
    toolDisplayName: (tool) =>
      tool.source === "builtin" ? (textIn(tableOf("toolNames"), tool.name) ?? null) : null,
    toolDescription: (tool) =>
      tool.source === "builtin"
        ? (textIn(tableOf("tools"), tool.name) ?? tool.description)
        : tool.description,
  };
}

/** The catalogue's texts in the current language (suspends until the `catalogue` texts are in). */
export function useCatalogueTexts(): CatalogueTexts {
  const { t } = useTranslation(CATALOGUE_NAMESPACE);
  return useMemo(() => catalogueTexts(t), [t]);
}
