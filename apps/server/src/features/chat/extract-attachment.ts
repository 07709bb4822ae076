import { TEXT_ATTACHMENT_MAX_CHARS } from "@tessera/contracts";
import { readFileContent } from "../../knowledge/read-content";

/**
 * Text of an attached file, cut to the spec's 2,000 characters: plain text as is; PDFs, Word
 * documents and HTML pages read as documents are.
 */
export async function extractAttachment(
  userId: string,
  { bytes, name }: { bytes: Uint8Array; name: string },
): Promise<{ kind: "pdf" | "text"; text: string; truncated: boolean }> {
  const { kind, text } = await readFileContent(bytes, {
    owner: userId,
    maxChars: TEXT_ATTACHMENT_MAX_CHARS,
    name,
  });
  return {
    kind: kind === "pdf" ? "pdf" : "text",
    text: text.slice(0, TEXT_ATTACHMENT_MAX_CHARS),
    truncated: text.length > TEXT_ATTACHMENT_MAX_CHARS,
  };
}
