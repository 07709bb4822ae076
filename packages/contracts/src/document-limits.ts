// A document's limits and the upload's file types, without schemas (documents.ts has them), so the
// chat's composer reads them without the schema library.

export const DOCUMENT_TITLE_MAX = 200;
export const DOCUMENT_CONTENT_MAX = 200_000;

/** Uploads to POST /api/documents/upload (multipart field "file", optional "title"). */
export const DOCUMENT_UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
/** The file picker's filter: what the server reads (it decides by the bytes, not by this list). */
export const DOCUMENT_ACCEPT = [
  ".pdf,.docx,.html,.htm,.md,.markdown,.csv,.json,.txt",
  "application/pdf",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  "text/html,text/markdown,text/csv,text/plain",
].join(",");
