// Reads the text out of an AI SDK prompt for Tessera Local. Images and files carry nothing it can
// search, and system prompts are instructions, not the question, so retrieval uses the person's words.
import type { LanguageModelV3Prompt } from "@ai-sdk/provider";

/** The text of the last user message (its text parts joined), trimmed; "" when there is none. */
export function lastUserText(prompt: LanguageModelV3Prompt): string {
  for (let i = prompt.length - 1; i >= 0; i--) {
    const message = prompt[i];
    if (message?.role !== "user") continue;
    return message.content
      .flatMap((part) => (part.type === "text" ? [part.text] : []))
      .join("\n")
      .trim();
  }
  return "";
}

/** Characters of text in the whole prompt (system and history included), for the usage estimate. */
export function promptChars(prompt: LanguageModelV3Prompt): number {
  let chars = 0;
  for (const message of prompt) {
    if (message.role === "system") {
      chars += message.content.length;
      continue;
    }
    for (const part of message.content)
      if (part.type === "text" || part.type === "reasoning") chars += part.text.length;
  }
  return chars;
}
