// A Word document's text, read in a parse worker (parse-worker.ts): the zip is checked for a bomb
// first (lib/docx-expansion.ts), then mammoth turns it into HTML, which is read as a web page's
// article is, so headings become markdown heading lines that chunking splits on and citations name.
import { AppError } from "../lib/errors";
import { checkDocxExpansion, unreadableDocx } from "../lib/docx-expansion";
import { htmlBlocks } from "./read-html";

export async function readDocx(bytes: Uint8Array): Promise<string> {
  checkDocxExpansion(bytes);
  const { default: mammoth } = await import("mammoth");
  try {
    const { value: html } = await mammoth.convertToHtml(
      { buffer: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) },
      {
        // Pictures are never inflated (their text is all that is kept), and a document's links to
        // files elsewhere on the server are never followed.
        convertImage: mammoth.images.imgElement(() => Promise.resolve({ src: "" })),
        externalFileAccess: false,
        ignoreEmptyParagraphs: true,
      },
    );
    return await htmlBlocks(html);
  } catch (cause) {
    if (cause instanceof AppError) throw cause;
    throw unreadableDocx(cause);
  }
}
