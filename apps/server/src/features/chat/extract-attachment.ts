import { TEXT_ATTACHMENT_MAX_CHARS } from "@tessera/contracts";
import { AppError } from "../../lib/errors";
import { decodeText, isPdf } from "../../lib/sniff";

/** Text of an attached file, cut to the spec's 2,000 characters: plain text as is, PDFs extracted. */
export async function extractAttachment(
  bytes: Uint8Array,
): Promise<{ kind: "pdf" | "text"; text: string; truncated: boolean }> {
  let kind: "pdf" | "text";
  let text: string;
  if (isPdf(bytes)) {
    kind = "pdf";
    try {
      const { extractText, getDocumentProxy } = await import("unpdf");
      const pdf = await getDocumentProxy(new Uint8Array(bytes));
      text = (await extractText(pdf, { mergePages: true })).text;
    } catch (cause) {
      throw new AppError("BAD_REQUEST", "This PDF could not be read.", { cause });
    }
  } else {
    const decoded = decodeText(bytes);
    if (decoded === null)
      throw new AppError(
        "UNSUPPORTED_MEDIA_TYPE",
        "Only text files (.txt, .md, .csv, .json) and PDFs can be attached.",
      );
    kind = "text";
    text = decoded;
  }
  const clean = text.replace(/\r\n/g, "\n").trim();
  return {
    kind,
    text: clean.slice(0, TEXT_ATTACHMENT_MAX_CHARS),
    truncated: clean.length > TEXT_ATTACHMENT_MAX_CHARS,
  };
}
