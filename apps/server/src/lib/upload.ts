// Multipart uploads of one file in the field "file": a body limit that refuses early, and a reader
// that names the file when it is too large. Chat images, attachments and documents all upload here.
// The name the browser sent is only ever a label: no path, no control characters, bounded length.
// Stored files get keys the server makes, never a name from the request.
import { MAX_IMAGE_BYTES } from "@tessera/contracts";
import { bodyLimit } from "./body-limit";
import { AppError } from "./errors";

/** Every upload route takes files up to the spec's 10 MB. */
export const UPLOAD_MAX_BYTES = MAX_IMAGE_BYTES;

export const uploadLimit = bodyLimit(
  UPLOAD_MAX_BYTES + 64 * 1024,
  "Files larger than 10MB cannot be uploaded.",
);

/** The longest file name kept as a label (most file systems allow 255). */
export const UPLOAD_NAME_MAX = 255;

export interface Upload {
  bytes: Uint8Array;
  /** The sent name's last path part, as a label only (see `uploadName`). */
  name: string;
  /** The form's other text fields. */
  fields: Record<string, string>;
}

export async function readUpload(
  c: { req: { parseBody: () => Promise<Record<string, unknown>> } },
  noun: "image" | "file",
): Promise<Upload> {
  const wrongShape = "Send the file as multipart/form-data in the field 'file'.";
  let body: Record<string, unknown>;
  try {
    body = await c.req.parseBody();
  } catch (cause) {
    throw new AppError("BAD_REQUEST", wrongShape, { cause });
  }
  const file = body.file;
  if (!(file instanceof File)) throw new AppError("BAD_REQUEST", wrongShape);
  if (file.size > UPLOAD_MAX_BYTES)
    throw new AppError(
      "PAYLOAD_TOO_LARGE",
      `${uploadName(file.name) || "The file"} is larger than 10MB. Please use a smaller ${noun}.`,
    );
  const fields = Object.fromEntries(
    Object.entries(body)
      .filter((e): e is [string, string] => typeof e[1] === "string")
      .map(([k, v]) => [k, withoutControls(v)]),
  );
  return { bytes: new Uint8Array(await file.arrayBuffer()), name: uploadName(file.name), fields };
}

/** Control characters (NUL among them, which the database refuses) and bidirectional overrides. */
const withoutControls = (s: string) => s.replace(/[\p{Cc}\u202a-\u202e\u2066-\u2069]/gu, "");

/** "../../etc/passwd" → "passwd": the last path part, without control characters, bounded. */
export function uploadName(sent: string): string {
  const base = withoutControls(sent.normalize("NFC")).split(/[\\/]/).at(-1)!.replace(/^\.+$/, "").trim();
  return [...base].slice(0, UPLOAD_NAME_MAX).join("");
}
