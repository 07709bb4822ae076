// Why a chat or comparison answer ended in error, in the reader's language. The server sends (and a
// comparison stores) its English: the spec's chat texts, its own stream texts, and what a model server
// or the local runtime said of itself. Anything else, a provider's own words, is shown as it is.
import { CHAT_ERROR_MESSAGES, STREAM_MESSAGES } from "@tessera/contracts";
import i18next from "i18next";
import { formatSize } from "./catalogue-texts";

const say = (key: string, values: Record<string, string> = {}) =>
  i18next.t(`stream.${key}`, { ns: "errors", ...values });

/** The English of the model registry and the local runtime (registry.ts, gguf/llama-runtime.ts). */
const UNREACHABLE = /^Could not reach the model server at (.+)\.$/;
const NO_LOCAL_RUNTIME = "Local models cannot run on this server: llama.cpp's build for it is missing.";
const NO_LOCAL_BUILD =
  /^Local models cannot run on this server: llama\.cpp's (.+) build is missing or does not work here\.$/;
const NOT_ENOUGH_MEMORY =
  /^Not enough memory to load (.+): it needs about (\d+(?:\.\d+)?) (GB|MB) and the server has (\d+(?:\.\d+)?) (GB|MB) free\.$/;

const KNOWN: ReadonlyMap<string, string> = new Map([
  ...Object.entries(CHAT_ERROR_MESSAGES).map(([key, text]) => [text, key] as const),
  [STREAM_MESSAGES.serverRestarting, "serverRestarting"],
  [STREAM_MESSAGES.notSaved, "notSaved"],
  [NO_LOCAL_RUNTIME, "noLocalRuntime"],
]);

export function streamErrorText(message: string): string {
  const key = KNOWN.get(message);
  if (key) return say(key);
  const host = UNREACHABLE.exec(message)?.[1];
  if (host) return say("unreachable", { host });
  const build = NO_LOCAL_BUILD.exec(message)?.[1];
  if (build) return say("noLocalBuild", { build });
  const memory = NOT_ENOUGH_MEMORY.exec(message);
  if (memory) {
    const language = i18next.resolvedLanguage ?? "en";
    return say("notEnoughMemory", {
      name: memory[1]!,
      needed: formatSize(language, memory[2]!, memory[3]!),
      free: formatSize(language, memory[4]!, memory[5]!),
    });
  }
  return message;
}
