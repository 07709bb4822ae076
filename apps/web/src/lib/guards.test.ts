import { AUTH_STORAGE_KEY } from "@tessera/contracts";
import { describe, expect, it } from "vitest";
import { readSessionUser, readStoredSession, storedSessionSchema } from "./auth-storage";
import { nullishString, object, string, validator } from "./guards";

const user = { id: "u1", email: "ada@example.com", name: "Ada", role: null, emailVerified: true };

describe("hand-written validators", () => {
  it("answers a clean copy: fields it does not know are dropped, like a zod object", () => {
    const parsed = storedSessionSchema.safeParse({
      token: "t",
      expiresAt: null,
      user: { ...user, createdAt: "2025-01-01", banned: false },
      extra: 1,
    });
    expect(parsed).toEqual({
      success: true,
      data: {
        token: "t",
        expiresAt: null,
        user: { ...user, image: undefined, twoFactorEnabled: undefined },
      },
    });
  });

  it("names the first field out of shape", () => {
    const cases: [unknown, string][] = [
      [null, "value: expected an object"],
      [{ token: "", expiresAt: null, user }, "token: expected a non-empty string"],
      [{ token: "t", expiresAt: 5, user }, "expiresAt: expected a string"],
      [{ token: "t", expiresAt: null, user: { ...user, email: 3 } }, "user.email: expected a string"],
      [
        { token: "t", expiresAt: null, user: { ...user, emailVerified: "yes" } },
        "user.emailVerified: expected a boolean",
      ],
    ];
    for (const [value, message] of cases) {
      const parsed = storedSessionSchema.safeParse(value);
      expect(parsed.success).toBe(false);
      if (!parsed.success) expect(parsed.error.message).toBe(message);
    }
  });

  it("lets errors other than a bad value through", () => {
    const broken = validator(() => {
      throw new TypeError("a bug");
    });
    expect(() => broken.safeParse({})).toThrow("a bug");
  });

  it("reads nullish strings as zod's .nullish() does", () => {
    const check = validator((v) => nullishString(object(v, "").name, "name"));
    expect(check.safeParse({})).toEqual({ success: true, data: undefined });
    expect(check.safeParse({ name: null })).toEqual({ success: true, data: null });
    expect(check.safeParse({ name: 1 }).success).toBe(false);
    expect(validator((v) => string(v, "x")).safeParse("ok")).toEqual({ success: true, data: "ok" });
  });

  it("a damaged stored session is dropped from storage", () => {
    localStorage.setItem(AUTH_STORAGE_KEY, JSON.stringify({ token: "t", expiresAt: null, user: { id: 1 } }));
    expect(readStoredSession()).toBeNull();
    expect(localStorage.getItem(AUTH_STORAGE_KEY)).toBeNull();
    localStorage.setItem(AUTH_STORAGE_KEY, JSON.stringify({ token: "t", expiresAt: "2030-01-01", user }));
    expect(readStoredSession()?.user.email).toBe("ada@example.com");
    expect(() => readSessionUser({ id: "u" })).toThrow("user.email: expected a string");
  });
});
