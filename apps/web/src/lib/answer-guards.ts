// The answers the signed-in frame and the chat's first screen read (the profile, the recent
// conversations, the folders, the models, the news), checked by hand as strictly as the contracts' schemas check them, so
// those screens do not load the schema library. Their tests hold each one to its schema.
import {
  PLAN_IDS,
  PROVIDER_IDS,
  type ChangelogEntry,
  type ConversationSummary,
  type Folder,
  type LibraryConversation,
  type ModelAvailability,
  type ModelsResponse,
  type Profile,
} from "@tessera/contracts";
import {
  InvalidValue,
  array,
  boolean,
  fieldPath,
  integer,
  nullableString,
  object,
  optional,
  string,
  trimmedString,
  validator,
} from "./guards";
import { isLanguage } from "./languages";

/** GET /api/profile (contracts' `profileSchema`). */
export const profileAnswer = validator((value): Profile => {
  const profile = object(value, "");
  const language = profile.language ?? null;
  if (language !== null && !isLanguage(language)) throw new InvalidValue("language", "a language code");
  return {
    id: string(profile.id, "id"),
    userId: string(profile.userId, "userId"),
    email: string(profile.email, "email"),
    fullName: nullableString(profile.fullName, "fullName"),
    avatarUrl: nullableString(profile.avatarUrl, "avatarUrl"),
    avatarSrc: nullableString(profile.avatarSrc, "avatarSrc"),
    role: nullableString(profile.role, "role"),
    twoFactorEnabled: boolean(profile.twoFactorEnabled, "twoFactorEnabled"),
    language,
  };
});

/** A conversation's summary (contracts' `conversationSummarySchema`). */
function readSummary(value: unknown, path: string): ConversationSummary {
  const c = object(value, path);
  return {
    id: string(c.id, fieldPath(path, "id")),
    title: string(c.title, fieldPath(path, "title")),
    model: nullableString(c.model, fieldPath(path, "model")),
    created_at: string(c.created_at, fieldPath(path, "created_at")),
    updated_at: string(c.updated_at, fieldPath(path, "updated_at")),
    message_count: integer(c.message_count, fieldPath(path, "message_count")),
  };
}

/** A conversation as a list shows it, with its pin and folder (contracts' `libraryConversationSchema`). */
function readConversation(value: unknown, path: string): LibraryConversation {
  const c = object(value, path);
  return {
    ...readSummary(c, path),
    pinned: optional(c.pinned, fieldPath(path, "pinned"), boolean),
    folder_id: optional(c.folder_id, fieldPath(path, "folder_id"), nullableString),
  };
}

/** One conversation's summary: GET /api/conversations/:id. */
export const conversationAnswer = validator((value) => readSummary(value, ""));

/** A list of conversations: Recent Chats, a search of them, a folder's. */
export const conversationsAnswer = validator((value) => array(value, "", readConversation));

/** A conversation filed or pinned: PATCH /api/conversations/:id/organize. */
export const libraryConversationAnswer = validator((value) => readConversation(value, ""));

/** A folder (contracts' `folderSchema`). */
function readFolder(value: unknown, path: string): Folder {
  const folder = object(value, path);
  return {
    id: string(folder.id, fieldPath(path, "id")),
    name: string(folder.name, fieldPath(path, "name")),
    created_at: string(folder.created_at, fieldPath(path, "created_at")),
    conversation_count: integer(folder.conversation_count, fieldPath(path, "conversation_count")),
  };
}

/** A folder made or renamed. */
export const folderAnswer = validator((value) => readFolder(value, ""));

/** GET /api/conversation-folders. */
export const foldersAnswer = validator((value) => array(value, "", readFolder));

/** One of `values`, or null; absent reads as `absent` (zod's `.nullable().default(null)` gives null). */
function nullableOneOf<T extends string>(
  values: readonly T[],
  value: unknown,
  path: string,
  absent?: null,
): T | null {
  const v = value === undefined && absent === null ? null : value;
  if (v === null) return null;
  if (!(values as readonly unknown[]).includes(v))
    throw new InvalidValue(path, `one of ${values.join(", ")}`);
  return v as T;
}

/** A model and whether it can be used now (contracts' `modelAvailabilitySchema`). */
function readModel(value: unknown, path: string): ModelAvailability {
  const m = object(value, path);
  const at = (field: string) => fieldPath(path, field);
  return {
    id: string(m.id, at("id")),
    name: string(m.name, at("name")),
    description: string(m.description, at("description")),
    vision: boolean(m.vision, at("vision")),
    research: boolean(m.research, at("research")),
    available: boolean(m.available, at("available")),
    provider: nullableOneOf(PROVIDER_IDS, m.provider, at("provider")),
    unavailableReason: nullableString(m.unavailableReason, at("unavailableReason")),
    needsConnection: optional(m.needsConnection, at("needsConnection"), boolean),
    requiredPlan: nullableOneOf(PLAN_IDS, m.requiredPlan, at("requiredPlan"), null),
  };
}

/** GET /api/models (contracts' `modelsResponseSchema`): the catalogue's groups as the picker shows them. */
export const modelsAnswer = validator((value): ModelsResponse => {
  const answer = object(value, "");
  return {
    groups: array(answer.groups, "groups", (item, path) => {
      const group = object(item, path);
      const at = (field: string) => fieldPath(path, field);
      return {
        id: string(group.id, at("id")),
        title: string(group.title, at("title")),
        icon: string(group.icon, at("icon")),
        color: string(group.color, at("color")),
        models: array(group.models, at("models"), readModel),
      };
    }),
  };
});

/** A release's notes (contracts' `changelogEntrySchema`). */
function readChangelogEntry(value: unknown, path: string): ChangelogEntry {
  const entry = object(value, path);
  const version = string(entry.version, fieldPath(path, "version")).trim();
  if (!/^\d+\.\d+\.\d+$/.test(version))
    throw new InvalidValue(fieldPath(path, "version"), "a version like 3.25.0");
  return {
    version,
    title: trimmedString(entry.title, fieldPath(path, "title"), 1, 200),
    description: trimmedString(entry.description, fieldPath(path, "description"), 1, 5000),
    createdAt: string(entry.createdAt, fieldPath(path, "createdAt")),
    updatedAt: string(entry.updatedAt, fieldPath(path, "updatedAt")),
  };
}

/** GET /api/changelog (contracts' `changelogListSchema`): the news the "What's new" dialog shows. */
export const changelogAnswer = validator((value) => ({
  entries: array(object(value, "").entries, "entries", readChangelogEntry),
}));
