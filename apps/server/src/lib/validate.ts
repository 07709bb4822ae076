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

const count = (n: number | bigint) => n.toLocaleString("en-US");

/** How a size issue bounds its value, by whether the limit itself is allowed. */
const BOUNDS = {
  too_big: { inclusive: "at most", exclusive: "less than" },
  too_small: { inclusive: "at least", exclusive: "more than" },
} as const;

/**
 * Zod's size issues in plain words ("must be at most 10,000 characters", not "Too big: expected
 * string to have <=10000 characters"). A schema's own message still wins over these.
 */
const sizeMessages: z.core.$ZodErrorMap = (issue) => {
  if (issue.code !== "too_big" && issue.code !== "too_small") return undefined;
  const limit = issue.code === "too_big" ? issue.maximum : issue.minimum;
  const bound = issue.exact ? "exactly" : BOUNDS[issue.code][issue.inclusive ? "inclusive" : "exclusive"];
  const units = (unit: string) => `${count(limit)} ${unit}${Number(limit) === 1 ? "" : "s"}`;
  switch (issue.origin) {
    case "string":
      if (bound === "at least" && Number(limit) === 1) return "must not be empty";
      return `must be ${bound} ${units("character")}`;
    case "array":
    case "set":
      return `must have ${bound} ${units("item")}`;
    case "number":
    case "int":
    case "bigint":
      return `must be ${bound} ${count(limit)}`;
    default:
      return undefined;
  }
};

/**
 * Request input checked against its schema; a failure is a 400 whose message `describe` writes from
 * the issues (by default every one, each after its field).
 */
export function parseWith<S extends z.ZodType>(
  schema: S,
  value: unknown,
  describe: (error: z.ZodError) => string = describeIssues,
): z.infer<S> {
  const result = schema.safeParse(value, { error: sizeMessages });
  if (!result.success) throw new AppError("VALIDATION_FAILED", describe(result.error));
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
  storableText(body);
  return parseWith(schema, body);
}

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** What no text column can hold: half a surrogate pair becomes U+FFFD, and NUL is dropped. */
const storable = (text: string) => text.replace(LONE_SURROGATE, "\ufffd").replaceAll("\u0000", "");

/**
 * Text the database can store, values and keys alike, in place. Half a surrogate pair ("\ud800" in
 * JSON) becomes U+FFFD, as text columns would store it (JSON columns refuse it outright, which failed
 * the write); NUL, which PostgreSQL refuses in any text, is dropped.
 * Each feature then judges what is left: a script of NUL and control characters is still blank.
 */
function storableText(body: unknown) {
  const pending = [body];
  while (pending.length > 0) {
    const value = pending.pop();
    if (!value || typeof value !== "object") continue;
    const node = value as Record<string, unknown>;
    for (const key of Object.keys(node)) {
      let item = node[key];
      if (typeof item === "string") item = node[key] = storable(item);
      else pending.push(item);
      const fixed = storable(key);
      if (fixed !== key) {
        delete node[key];
        node[fixed] = item;
      }
    }
  }
}
