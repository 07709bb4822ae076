// The persisted auth session: {token, expiresAt, user} as JSON under AUTH_STORAGE_KEY.
import { AUTH_STORAGE_KEY } from "@tessera/contracts";
import { InvalidValue, nullishBoolean, nullishString, object, string, validator } from "./guards";

export interface SessionUser {
  id: string;
  email: string;
  name?: string | null;
  image?: string | null;
  role?: string | null;
  emailVerified?: boolean | null;
  twoFactorEnabled?: boolean | null;
}

export interface StoredSession {
  token: string;
  /** ISO date; null until the server has told us (right after sign-in). */
  expiresAt: string | null;
  user: SessionUser;
}

/** The user as Better Auth describes it, reduced to the fields the app reads. */
export function readSessionUser(value: unknown, path = "user"): SessionUser {
  const user = object(value, path);
  return {
    id: string(user.id, `${path}.id`),
    email: string(user.email, `${path}.email`),
    name: nullishString(user.name, `${path}.name`),
    image: nullishString(user.image, `${path}.image`),
    role: nullishString(user.role, `${path}.role`),
    emailVerified: nullishBoolean(user.emailVerified, `${path}.emailVerified`),
    twoFactorEnabled: nullishBoolean(user.twoFactorEnabled, `${path}.twoFactorEnabled`),
  };
}

export const storedSessionSchema = validator((value): StoredSession => {
  const stored = object(value, "");
  const token = string(stored.token, "token");
  if (!token) throw new InvalidValue("token", "a non-empty string");
  const expiresAt = stored.expiresAt === null ? null : string(stored.expiresAt, "expiresAt");
  return { token, expiresAt, user: readSessionUser(stored.user) };
});

export function readStoredSession(): StoredSession | null {
  let raw: string | null;
  try {
    raw = localStorage.getItem(AUTH_STORAGE_KEY);
  } catch {
    return null;
  }
  if (!raw) return null;
  try {
    const parsed = storedSessionSchema.safeParse(JSON.parse(raw));
    if (parsed.success) return parsed.data;
  } catch {
    // Not JSON: treated like a damaged entry below.
  }
  clearStoredSession();
  return null;
}

export function writeStoredSession(session: StoredSession): void {
  localStorage.setItem(AUTH_STORAGE_KEY, JSON.stringify(session));
}

export function clearStoredSession(): void {
  try {
    localStorage.removeItem(AUTH_STORAGE_KEY);
  } catch {
    // Storage unavailable (private mode): nothing was stored either.
  }
}
