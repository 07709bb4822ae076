import { TEXT_ATTACHMENT_MAX_CHARS } from "@tessera/contracts";
import { readFileContent } from "../../knowledge/read-content";

/** Text of an attached file, cut to the spec's 2,000 characters: plain text as is, PDFs extracted. */
export async function extractAttachment(
  userId: string,
  bytes: Uint8Array,
): Promise<{ kind: "pdf" | "text"; text: string; truncated: boolean }> {
  const { kind, text } = await readFileContent(bytes, { owner: userId, maxChars: TEXT_ATTACHMENT_MAX_CHARS });
  return {
    kind: kind === "pdf" ? "pdf" : "text",
    text: text.slice(0, TEXT_ATTACHMENT_MAX_CHARS),
    truncated: text.length > TEXT_ATTACHMENT_MAX_CHARS,
  };
}
