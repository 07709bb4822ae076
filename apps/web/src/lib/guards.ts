// Small hand-written checks for the few answers the sign-in path reads (the session, the public
// config, the error shape), so the first page a visitor opens does not load the schema library
// (zod is ~24 KB gzip; the pages behind sign-in bring it along with their own schemas).
// A `Validator` is what `apiRequest` takes: zod schemas are validators too. Like a zod object, a
// check answers a clean copy that keeps only the fields it knows.

export type Checked<T> = { success: true; data: T } | { success: false; error: Error };

export interface Validator<T> {
  safeParse(value: unknown): Checked<T>;
}

export class InvalidValue extends Error {
  constructor(path: string, expected: string) {
    super(`${path || "value"}: expected ${expected}`);
    this.name = "InvalidValue";
  }
}

/** A validator from a reader that throws `InvalidValue` on the first field out of shape. */
export function validator<T>(read: (value: unknown) => T): Validator<T> {
  return {
    safeParse(value) {
      try {
        return { success: true, data: read(value) };
      } catch (error) {
        if (error instanceof InvalidValue) return { success: false, error };
        throw error;
      }
    },
  };
}

export function object(value: unknown, path: string): Record<string, unknown> {
  if (typeof value !== "object" || value === null || Array.isArray(value))
    throw new InvalidValue(path, "an object");
  return value as Record<string, unknown>;
}

export function string(value: unknown, path: string): string {
  if (typeof value !== "string") throw new InvalidValue(path, "a string");
  return value;
}

export function boolean(value: unknown, path: string): boolean {
  if (typeof value !== "boolean") throw new InvalidValue(path, "a boolean");
  return value;
}

/** Absent (undefined), null, or a string: zod's `.nullish()`. */
export function nullishString(value: unknown, path: string): string | null | undefined {
  return value === undefined || value === null ? value : string(value, path);
}

export function nullishBoolean(value: unknown, path: string): boolean | null | undefined {
  return value === undefined || value === null ? value : boolean(value, path);
}

/** A string or null, never absent: zod's `.nullable()`. */
export function nullableString(value: unknown, path: string): string | null {
  return value === null ? null : string(value, path);
}

/** A whole number: zod's `.number().int()` (which refuses NaN and the infinities too). */
export function integer(value: unknown, path: string): number {
  if (!Number.isSafeInteger(value)) throw new InvalidValue(path, "an integer");
  return value as number;
}

/** An array whose every item `read` accepts: items are named by index in errors (`path.0`). */
export function array<T>(value: unknown, path: string, read: (item: unknown, path: string) => T): T[] {
  if (!Array.isArray(value)) throw new InvalidValue(path, "an array");
  return value.map((item, i) => read(item, fieldPath(path, String(i))));
}

/** A field that may be absent (undefined) or else must be what `read` accepts: zod's `.optional()`. */
export function optional<T>(
  value: unknown,
  path: string,
  read: (value: unknown, path: string) => T,
): T | undefined {
  return value === undefined ? undefined : read(value, path);
}

/** The path of `field` inside the value at `path` ("" is the answer itself). */
export const fieldPath = (path: string, field: string) => (path ? `${path}.${field}` : field);

/** A string that, trimmed, is `min` to `max` characters long: zod's `.string().trim().min().max()`. */
export function trimmedString(value: unknown, path: string, min: number, max: number): string {
  const text = string(value, path).trim();
  if (text.length < min || text.length > max)
    throw new InvalidValue(path, `${min} to ${max} characters once trimmed`);
  return text;
}
