import {
  changelogListSchema,
  conversationSummarySchema,
  folderSchema,
  libraryConversationSchema,
  modelsResponseSchema,
  profileSchema,
} from "@tessera/contracts";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  changelogAnswer,
  conversationAnswer,
  conversationsAnswer,
  folderAnswer,
  foldersAnswer,
  libraryConversationAnswer,
  modelsAnswer,
  profileAnswer,
} from "./answer-guards";
import type { Validator } from "./guards";

const profile = {
  id: "p1",
  userId: "u1",
  email: "ada@example.com",
  fullName: "Ada",
  avatarUrl: null,
  avatarSrc: null,
  role: "user",
  twoFactorEnabled: false,
  language: "de",
};
const summary = {
  id: "c1",
  title: "Hello",
  model: "openai/gpt-4o",
  created_at: "2026-01-01T00:00:00.000Z",
  updated_at: "2026-01-02T00:00:00.000Z",
  message_count: 4,
};
const listed = { ...summary, pinned: true, folder_id: "f1" };
const model = {
  id: "gpt-5",
  name: "GPT-5",
  description: "A model",
  vision: true,
  research: false,
  available: false,
  provider: "openrouter",
  unavailableReason: "Not on your plan.",
  needsConnection: false,
  requiredPlan: "pro",
};
const group = { id: "industry", title: "Industry", icon: "cpu", color: "#000", models: [model] };
const news = {
  version: "3.25.0",
  title: "Folders",
  description: "File chats in folders.",
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
};
const folder = { id: "f1", name: "Work", created_at: "2026-01-01T00:00:00.000Z", conversation_count: 3 };

/** Answers the guard must take as its schema takes them, and answers both must refuse. */
const cases: {
  name: string;
  guard: Validator<unknown>;
  schema: z.ZodType;
  good: unknown[];
  bad: unknown[];
}[] = [
  {
    name: "profile",
    guard: profileAnswer,
    schema: profileSchema,
    good: [
      profile,
      { ...profile, language: null, fullName: null, role: null, avatarSrc: "/api/avatars/u1" },
      { ...profile, language: undefined, extra: 1 },
    ],
    bad: [
      null,
      [],
      { ...profile, id: undefined },
      { ...profile, email: 1 },
      { ...profile, fullName: undefined },
      { ...profile, avatarUrl: 5 },
      { ...profile, twoFactorEnabled: "no" },
      { ...profile, language: "xx" },
      { ...profile, language: 3 },
    ],
  },
  {
    name: "one conversation",
    guard: conversationAnswer,
    schema: conversationSummarySchema,
    good: [summary, { ...summary, model: null }, listed],
    bad: [
      "c1",
      { ...summary, title: null },
      { ...summary, model: undefined },
      { ...summary, message_count: 1.5 },
      { ...summary, message_count: "4" },
      { ...summary, message_count: Number.NaN },
      { ...summary, updated_at: undefined },
    ],
  },
  {
    name: "a filed conversation",
    guard: libraryConversationAnswer,
    schema: libraryConversationSchema,
    good: [listed, summary, { ...listed, folder_id: null, pinned: false }],
    bad: [
      { ...listed, pinned: "yes" },
      { ...listed, pinned: null },
      { ...listed, folder_id: 7 },
      { ...listed, id: 7 },
    ],
  },
  {
    name: "conversations",
    guard: conversationsAnswer,
    schema: z.array(libraryConversationSchema),
    good: [[], [listed, summary]],
    bad: [{}, listed, [listed, null], [listed, { ...summary, created_at: 0 }]],
  },
  {
    name: "models",
    guard: modelsAnswer,
    schema: modelsResponseSchema,
    good: [
      { groups: [] },
      { groups: [group] },
      {
        groups: [
          group,
          {
            ...group,
            models: [
              { ...model, provider: null, unavailableReason: null, requiredPlan: null },
              { ...model, needsConnection: undefined, requiredPlan: undefined, extra: 1 },
            ],
          },
        ],
      },
    ],
    bad: [
      {},
      { groups: {} },
      { groups: [{ ...group, color: undefined }] },
      { groups: [{ ...group, models: {} }] },
      { groups: [{ ...group, models: [{ ...model, provider: "elsewhere" }] }] },
      { groups: [{ ...group, models: [{ ...model, provider: undefined }] }] },
      { groups: [{ ...group, models: [{ ...model, requiredPlan: "gold" }] }] },
      { groups: [{ ...group, models: [{ ...model, vision: undefined }] }] },
      { groups: [{ ...group, models: [{ ...model, needsConnection: null }] }] },
      { groups: [{ ...group, models: [{ ...model, unavailableReason: undefined }] }] },
    ],
  },
  {
    name: "the news",
    guard: changelogAnswer,
    schema: changelogListSchema,
    good: [
      { entries: [] },
      { entries: [news, { ...news, version: " 3.26.1 ", title: "  Trimmed  ", extra: 1 }] },
      { entries: [{ ...news, title: "t".repeat(200), description: "d".repeat(5000) }] },
    ],
    bad: [
      [],
      { entries: {} },
      { entries: [{ ...news, version: "3.25" }] },
      { entries: [{ ...news, version: "v3.25.0" }] },
      { entries: [{ ...news, title: "   " }] },
      { entries: [{ ...news, title: "t".repeat(201) }] },
      { entries: [{ ...news, description: "d".repeat(5001) }] },
      { entries: [{ ...news, description: "" }] },
      { entries: [{ ...news, createdAt: undefined }] },
      { entries: [{ ...news, updatedAt: 1 }] },
    ],
  },
  {
    name: "a folder",
    guard: folderAnswer,
    schema: folderSchema,
    good: [folder, { ...folder, extra: true }],
    bad: [
      { ...folder, name: null },
      { ...folder, conversation_count: 2.5 },
      { ...folder, id: undefined },
    ],
  },
  {
    name: "folders",
    guard: foldersAnswer,
    schema: z.array(folderSchema),
    good: [[], [folder, folder]],
    bad: [folder, [folder, { ...folder, created_at: undefined }]],
  },
];

describe("the first screen's answers, checked without zod", () => {
  for (const { name, guard, schema, good, bad } of cases) {
    it(`${name}: takes what its schema takes, and answers the same clean copy`, () => {
      for (const value of good) {
        const expected = schema.parse(value);
        // toEqual: fields the schema does not know must not be kept.
        expect(guard.safeParse(value)).toEqual({ success: true, data: expected });
      }
    });

    it(`${name}: refuses what its schema refuses`, () => {
      for (const value of bad) {
        expect(schema.safeParse(value).success).toBe(false);
        expect(guard.safeParse(value).success, JSON.stringify(value)).toBe(false);
      }
    });
  }

  it("names the field out of shape", () => {
    const checked = conversationsAnswer.safeParse([listed, { ...summary, message_count: "4" }]);
    expect(checked.success).toBe(false);
    if (!checked.success) expect(checked.error.message).toBe("1.message_count: expected an integer");
  });
});
