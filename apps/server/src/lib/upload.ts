// Multipart uploads of one file in the field "file": a body limit that refuses early, and a reader
// that names the file when it is too large. Chat images, attachments and documents all upload here.
import { MAX_IMAGE_BYTES } from "@tessera/contracts";
import { bodyLimit } from "hono/body-limit";
import { AppError } from "./errors";

/** Every upload route takes files up to the spec's 10 MB. */
export const UPLOAD_MAX_BYTES = MAX_IMAGE_BYTES;

export const uploadLimit = bodyLimit({
  maxSize: UPLOAD_MAX_BYTES + 64 * 1024,
  onError: () => {
    throw new AppError("PAYLOAD_TOO_LARGE", "Files larger than 10MB cannot be uploaded.");
  },
});

export interface Upload {
  bytes: Uint8Array;
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
      `${file.name} is larger than 10MB. Please use a smaller ${noun}.`,
    );
  const fields = Object.fromEntries(
    Object.entries(body).filter((e): e is [string, string] => typeof e[1] === "string"),
  );
  return { bytes: new Uint8Array(await file.arrayBuffer()), name: file.name, fields };
}
