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
