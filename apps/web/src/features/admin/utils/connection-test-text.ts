// What a connection's test found or why it failed, in the reader's language. The server words it in
// English (connections/probe-connection.ts, upstream-models.ts); each sentence it writes is matched
// and worded again with its values. Model ids, hosts and what an upstream said stay as they are.
import type { TFunction } from "i18next";
import { activeLocale, formatCount, formatCurrency } from "@/lib/utils";

const KEY =
  /^The key(?: “(.+?)”)? is valid(?:: \$(\d+\.\d{2}) used (?:of a \$(\d+\.\d{2}) limit|with no limit))?\. /;
const NO_MODELS = "It answered, but lists no models yet (pull or load one on the server).";
const LISTS = /^It lists (\d+) models?\.(?: It does not list (.+)\.)?$/;
const FOUND = /^It found (\d+) results? for “(.+)”\.$/;
const FAL = /^fal accepted the key \(asked about a request that does not exist, it answered (\d+)\)\.$/;
const SPOKE = /^It spoke (\d+\.\d) s of audio \((\d+) KB of MP3\)\.$/;
const HEARD_NOTHING = /^Played “(.+?)” to it; it heard nothing\.$/;
const HEARD = /^Played “(.+?)” to it; it heard: ([\s\S]+)$/;
const ANSWERED = /^It answered (\d{3}(?::[\s\S]+)?)\.$/;
const SENTENCES: Record<string, string> = {
  "The mail server answered and accepted the sign-in.": "smtp",
  "It answered with something that is not JSON.": "notJson",
  "Its model list is not in the expected shape.": "badList",
  "Its key check is not in the expected shape.": "badKeyCheck",
  "It failed.": "failed",
};
/** The server's socket reasons (SOCKET_REASONS) by their words. */
const REASONS: Record<string, string> = {
  "the connection was refused: is the server running, and on that port?": "ECONNREFUSED",
  "no such host": "ENOTFOUND",
  "its name could not be looked up": "EAI_AGAIN",
  "it timed out": "ETIMEDOUT",
  "the connection was reset": "ECONNRESET",
  "the host is unreachable": "EHOSTUNREACH",
  "the network is unreachable": "ENETUNREACH",
  "its certificate is self-signed": "selfSigned",
  "its certificate is not trusted": "untrusted",
  "its certificate has expired": "expired",
  "its certificate is for another name": "otherName",
};
const BECAUSE = new RegExp(
  `^([\\s\\S]+?) \\((${Object.keys(REASONS)
    .map((r) => r.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
    .join("|")})\\)\\.$`,
);
const ANSWERED_AFTER = / It answered (\d{3}: [\s\S]+)\.$/;

const decimal = (value: string) => Number(value).toLocaleString(activeLocale(), { minimumFractionDigits: 1 });

export function connectionTestText(message: string, t: TFunction<"admin">): string {
  const say = (key: string, values: Record<string, unknown> = {}) => t(`probe.${key}`, values);
  const then = (first: string, second: string) => say("then", { first, second });

  /** One sentence of the server's, worded again; null when it is not one of ours. */
  const sentence = (text: string): string | null => {
    const known = SENTENCES[text];
    if (known) return say(known);
    if (text === NO_MODELS) return say("noModels");
    const lists = LISTS.exec(text);
    if (lists) {
      const count = Number(lists[1]);
      const found = say("lists", { count });
      return lists[2] ? then(found, say("notListed", { models: lists[2] })) : found;
    }
    const found = FOUND.exec(text);
    if (found) return say("found", { count: Number(found[1]), query: found[2] });
    const fal = FAL.exec(text);
    if (fal) return say("fal", { status: fal[1] });
    const spoke = SPOKE.exec(text);
    if (spoke) return say("spoke", { seconds: decimal(spoke[1]!), size: formatCount(Number(spoke[2])) });
    const nothing = HEARD_NOTHING.exec(text);
    if (nothing) return say("heardNothing", { spoken: nothing[1] });
    const heard = HEARD.exec(text);
    if (heard) return say("heard", { spoken: heard[1], heard: heard[2] });
    const answered = ANSWERED.exec(text);
    if (answered) return say("answered", { refusal: answered[1] });
    const because = BECAUSE.exec(text);
    if (because) {
      const first = sentence(`${because[1]}.`)?.replace(/[.。]$/, "") ?? because[1];
      return say("because", { first, why: say(`why.${REASONS[because[2]!]}`) });
    }
    return null;
  };

  const key = KEY.exec(message);
  if (key) {
    const [, label, spent, limit] = key;
    const valid = label ? say("keyValidNamed", { label }) : say("keyValid");
    const opening = !spent
      ? say("keyOnly", { key: valid })
      : say(limit ? "keyCapped" : "keyOpen", {
          key: valid,
          spent: formatCurrency(Number(spent)),
          limit: limit ? formatCurrency(Number(limit)) : "",
        });
    const rest = message.slice(key[0].length);
    return then(opening, sentence(rest) ?? rest);
  }
  const whole = sentence(message);
  if (whole !== null) return whole;
  // A failure in the upstream's words, then what it answered.
  const after = ANSWERED_AFTER.exec(message);
  if (after) {
    const head = message.slice(0, after.index);
    return then(sentence(head) ?? head, say("answered", { refusal: after[1] }));
  }
  return message;
}
