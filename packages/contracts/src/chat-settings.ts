// The chat's limits, its wording and the small text helpers server and web share, apart from the
// schemas (chat.ts), so the chat's first screen reads them without the schema library.

export const MAX_MESSAGE_CHARS = 32_000;
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
export const MAX_IMAGES_PER_MESSAGE = 4;
export const TEXT_ATTACHMENT_MAX_CHARS = 2000;
export const RECENT_CONVERSATIONS_LIMIT = 20;
/** The most messages one page may ask for. */
export const MESSAGE_PAGE_MAX = 500;
export const STREAM_IDLE_TIMEOUT_MS = 15_000;
export const STREAM_HEARTBEAT_MS = 10_000;
export const RESEARCH_DEEP_CRAWL_SOURCES = 3;
export const RESPONSE_INTERRUPTED_MARK = "[Response interrupted]";

/** A text file sent with a message: its name and (the first 2,000 characters of) its text. */
export interface TextAttachment {
  name: string;
  text: string;
}

/** Where each attached file's text starts in a sent message: a blank line, its name, a line break. */
const ATTACHED_FILE = /\n\n\[Attached: ([^\]\n]+)\]\n/;

/** The message that is sent: the prompt, then each attached file's text under its name. */
export function composeMessage(prompt: string, attachments: readonly TextAttachment[]): string {
  return attachments.reduce((text, a) => `${text}\n\n[Attached: ${a.name}]\n${a.text}`, prompt.trim());
}

/** The reverse, for whoever reads a sent message: the prompt and the files' texts apart. */
export function splitAttachments(content: string): { text: string; attachments: TextAttachment[] } {
  const parts = content.split(ATTACHED_FILE);
  const attachments: TextAttachment[] = [];
  for (let i = 1; i + 1 < parts.length; i += 2) attachments.push({ name: parts[i]!, text: parts[i + 1]! });
  return { text: parts[0] ?? "", attachments };
}

/**
 * A source that is a file attached to the question (Tessera Local cites it): `attached:notes.txt`.
 * It has no page to open; the page shows it as the attached file it is.
 */
export const ATTACHED_SOURCE_PREFIX = "attached:";

/** A stopped answer's text as it is kept and shown: what it had, a blank line, then the mark. */
export const withInterruptedMark = (text: string) =>
  `${text}${text ? "\n\n" : ""}${RESPONSE_INTERRUPTED_MARK}`;

/** Spec §8: what the person reads when a model fails, by cause. */
export const CHAT_ERROR_MESSAGES = {
  unavailable: "The selected model is currently unavailable. Please try a different model.",
  rateLimited:
    "Rate limit reached for this model. Please try again in a moment or switch to a different model.",
  unsupported: "The selected model is not supported. Please choose a different model.",
  failed: "Failed to send message. Please try again.",
} as const;

/** What the person reads when a stream ends for a reason of the server's own, not the model's. */
export const STREAM_MESSAGES = {
  /** The closing event of a stream cut short by a server shutdown (its text is stored as interrupted). */
  serverRestarting: "The server is restarting. Your answer so far is saved.",
  /** A stream asked for while the server shuts down (503). */
  restarting: "The server is restarting. Please try again in a moment.",
  /** The database stayed out of reach after the answer ended, so it could not be stored. */
  notSaved: "The answer could not be saved. Please try again.",
  /** A second request with a client message id already seen (409): the first one is being answered. */
  duplicate: "This message was already sent.",
  /**
   * Regenerate (or an edit, or a switch of version) named an answer not in the branch shown or not
   * finished, or came while an answer of the branch is still being written (409).
   */
  notLatest: "Only a finished answer in the branch shown can be redone, once no answer is being written.",
} as const;

/** The most tools one answer may offer its model. */
export const MAX_TOOLS_PER_ANSWER = 64;

/**
 * Models that can call tools, by who serves them: the remote providers do; Tessera Local and the models
 * run on the server (llama.cpp) answer without tools.
 */
export const providerSupportsTools = (provider: string | null | undefined): boolean =>
  provider === "openrouter" ||
  provider === "openai-compatible" ||
  provider === "anthropic" ||
  provider === "google";

/** The longest a tool's output is kept and shown, in characters; the model reads the same. */
export const TOOL_OUTPUT_MAX_CHARS = 16_000;
/** Model calls per answer, tool rounds included, unless the instance sets another (TOOL_MAX_STEPS). */
export const TOOL_MAX_STEPS_DEFAULT = 8;

/** A title on one line: every run of spaces, tabs and line breaks becomes one space, and none at the ends. */
export const oneLine = (text: string) => text.replace(/\s+/g, " ").trim();

/** Longest title a conversation can be given (one started from a message is titled with at most 60). */
export const CONVERSATION_TITLE_MAX = 120;

/** Longest text the conversation list is searched for. */
export const CONVERSATION_SEARCH_MAX = 200;

/** What the export of every conversation says it is, so a reader can tell the file and its version. */
export const CONVERSATIONS_EXPORT_FORMAT = "tessera.conversations/1";

/** The library's search inside messages: the longest text searched for, a page, the most a page may ask. */
export const MESSAGE_SEARCH_MAX = 200;
export const MESSAGE_SEARCH_PAGE = 20;
export const MESSAGE_SEARCH_PAGE_MAX = 50;

/** The library's folders: the longest name, and the most one person may have. */
export const FOLDER_NAME_MAX = 80;
export const FOLDERS_MAX = 200;
