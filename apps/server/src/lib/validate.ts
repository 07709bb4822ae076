// Reading request input at the edge: malformed JSON and schema failures become 400 with a reason.
import type { Context } from "hono";
import type { z } from "zod";
import { AppError } from "./errors";

export function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((i) => (i.path.length ? `${i.path.join(".")}: ${i.message}` : i.message))
    .join("; ");
}

export function parseWith<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw new AppError("VALIDATION_FAILED", describeIssues(result.error));
  return result.data;
}

export async function readJson<S extends z.ZodType>(c: Context, schema: S): Promise<z.infer<S>> {
  const type = c.req.header("content-type") ?? "";
  if (!type.toLowerCase().includes("application/json")) {
    throw new AppError("UNSUPPORTED_MEDIA_TYPE", "Send the body as application/json.");
  }
  let body: unknown;
  try {
    body = await c.req.json();
  } catch (cause) {
    if (cause instanceof AppError) throw cause;
    throw new AppError("INVALID_JSON", "The request body is not valid JSON.", { cause });
  }
  return parseWith(schema, body);
}
