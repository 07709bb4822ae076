// A file's text for a knowledge document. Text files are read whole in the browser; a PDF is read by
// the server's extractor, which keeps its first 2,000 characters (it serves chat attachments).
import { extractFileText } from "@/lib/extract-file-text";

export const DOCUMENT_FILES = ".txt,.md,.markdown,.csv,.json,.pdf,text/*,application/json,application/pdf";

const TEXT_EXTENSIONS = /\.(txt|md|markdown|csv|json)$/i;
const isPdf = (file: File) => file.type === "application/pdf" || /\.pdf$/i.test(file.name);
const isTextLike = (file: File) =>
  file.type.startsWith("text/") || file.type === "application/json" || TEXT_EXTENSIONS.test(file.name);

export class UnsupportedFileError extends Error {}

export async function readDocumentFile(file: File): Promise<{ text: string; truncated: boolean }> {
  if (isPdf(file)) {
    const { text, truncated } = await extractFileText(file);
    return { text, truncated };
  }
  if (isTextLike(file)) return { text: await file.text(), truncated: false };
  throw new UnsupportedFileError(`${file.name} is not a text, Markdown, CSV, JSON or PDF file.`);
}
