import { describe, expect, it } from "vitest";
import { isNewChatShortcut, isSearchChatsShortcut } from "./use-chat-shortcuts";

const key = (
  key: string,
  mods: Partial<Record<"ctrlKey" | "metaKey" | "shiftKey" | "altKey", boolean>> = {},
) => new KeyboardEvent("keydown", { key, ...mods });

describe("chat shortcuts", () => {
  it("Ctrl or Command with Shift and O starts a new chat; nothing near it does", () => {
    expect(isNewChatShortcut(key("O", { ctrlKey: true, shiftKey: true }))).toBe(true);
    expect(isNewChatShortcut(key("o", { metaKey: true, shiftKey: true }))).toBe(true);
    expect(isNewChatShortcut(key("o", { ctrlKey: true }))).toBe(false);
    expect(isNewChatShortcut(key("O", { shiftKey: true }))).toBe(false);
    expect(isNewChatShortcut(key("O", { ctrlKey: true, shiftKey: true, altKey: true }))).toBe(false);
  });

  it("Ctrl or Command with K searches chats; with Shift or Alt it does not", () => {
    expect(isSearchChatsShortcut(key("k", { ctrlKey: true }))).toBe(true);
    expect(isSearchChatsShortcut(key("k", { metaKey: true }))).toBe(true);
    expect(isSearchChatsShortcut(key("K", { ctrlKey: true, shiftKey: true }))).toBe(false);
    expect(isSearchChatsShortcut(key("k", { ctrlKey: true, altKey: true }))).toBe(false);
    expect(isSearchChatsShortcut(key("k"))).toBe(false);
  });
});
