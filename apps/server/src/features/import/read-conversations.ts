// Reads an export as a stream, one conversation at a time, and tells its format from its content: an
// array of ChatGPT conversations (`mapping`) or Open WebUI chats (`chat`), or an object that is
// Tessera's export (`format`) or a LibreChat conversation (`conversationId` and its messages). The
// whole file is never parsed at once: each conversation is handed on, then let go.
import type { Readable } from "node:stream";
import { JSONParser } from "@streamparser/json";
import { CONVERSATIONS_EXPORT_FORMAT, IMPORT_FORMAT_NAMES, type ImportFormat } from "@tessera/contracts";
import { AppError } from "../../lib/errors";
import { isChatGptConversation, readChatGptConversation } from "./formats/chatgpt";
import type { ImportedConversation, Tally } from "./formats/imported";
import { readLibreChatConversation } from "./formats/librechat";
import { isOpenWebUiChat, readOpenWebUiChat } from "./formats/open-webui";
import { readTesseraConversation } from "./formats/tessera";

const known = Object.values(IMPORT_FORMAT_NAMES).join(", ");
export const foreignFile = () =>
  new AppError("BAD_REQUEST", `This file is not an export Tessera can import. It takes: ${known}.`);
const brokenJson = (cause: unknown) =>
  new AppError(
    "BAD_REQUEST",
    "This file is not valid JSON: it may have been cut short. Nothing was imported.",
    { cause },
  );

/** The object root's keys that matter; anything else is read and dropped as it ends. */
const OBJECT_PATHS = [
  "$.format",
  "$.conversations.*",
  "$.conversationId",
  "$.title",
  "$.createdAt",
  "$.updatedAt",
  "$.messages.*",
  "$.messagesTree.*",
];

export async function* readConversations(
  stream: Readable,
  tally: Tally,
  onFormat: (format: ImportFormat) => void,
): AsyncGenerator<ImportedConversation> {
  let parser: JSONParser | null = null;
  let format: ImportFormat | null = null;
  const setFormat = (f: ImportFormat) => {
    format = f;
    onFormat(f);
  };
  const ready: ImportedConversation[] = [];
  let failure: Error | null = null;
  // LibreChat's file is one conversation: its messages are kept until the file ends.
  const head: Record<string, unknown> = {};
  const libreMessages: unknown[] = [];

  const onArrayItem = (value: unknown) => {
    if (!format) {
      if (isChatGptConversation(value)) setFormat("chatgpt");
      else if (isOpenWebUiChat(value)) setFormat("open-webui");
      else throw foreignFile();
    }
    const read =
      format === "chatgpt"
        ? isChatGptConversation(value) && readChatGptConversation(value, tally)
        : isOpenWebUiChat(value) && readOpenWebUiChat(value, tally);
    if (read === false) tally.skip("unreadable");
    else if (read) ready.push(read);
  };
  const onObjectValue = (value: unknown, stack: { key?: unknown }[], key: unknown) => {
    const top = stack.length === 1 ? key : stack[1]?.key;
    if (stack.length === 1) {
      if (key === "format") {
        if (value !== CONVERSATIONS_EXPORT_FORMAT) throw foreignFile();
        setFormat("tessera");
      } else head[key as string] = value;
      return;
    }
    if (top === "conversations") {
      // Tessera's export names itself first; conversations before that are not ours to guess at.
      if (format !== "tessera") throw foreignFile();
      const read = readTesseraConversation(value, tally);
      if (read) ready.push(read);
    } else if (libreMessages.length < 1_000_000) libreMessages.push(value);
  };

  const start = (first: string) => {
    const array = first === "[";
    if (!array && first !== "{") throw foreignFile();
    const p = new JSONParser({ paths: array ? ["$.*"] : OBJECT_PATHS, keepStack: false });
    p.onValue = ({ value, key, stack }) => {
      if (failure) return;
      try {
        if (array) onArrayItem(value);
        else onObjectValue(value, stack, key);
      } catch (err) {
        failure = err instanceof Error ? err : brokenJson(err);
      }
    };
    p.onError = (err) => (failure ??= brokenJson(err));
    return p;
  };

  for await (const chunk of stream as AsyncIterable<Buffer>) {
    let text = chunk;
    if (!parser) {
      // Past a byte-order mark and white space, the first character tells an array from an object.
      const at = text.findIndex(
        (b, i) => !(b === 0x20 || b === 0x0a || b === 0x0d || b === 0x09 || (i < 3 && b > 0x7f)),
      );
      if (at < 0) continue;
      parser = start(String.fromCharCode(text[at]!));
      text = text.subarray(at);
    }
    try {
      parser.write(text);
    } catch (err) {
      failure ??= brokenJson(err);
    }
    if (failure) throw failure;
    yield* ready.splice(0);
  }
  if (!parser) throw foreignFile();
  if (!parser.isEnded) {
    try {
      parser.end();
    } catch (err) {
      failure ??= brokenJson(err);
    }
  }
  if (failure) throw failure;
  yield* ready.splice(0);
  if (format === null) {
    const messages = Array.isArray(head.messages) ? head.messages : libreMessages;
    if (typeof head.conversationId !== "string" || messages.length === 0) throw foreignFile();
    setFormat("librechat");
    const read = readLibreChatConversation(head, messages, tally);
    if (read) yield read;
  }
}
