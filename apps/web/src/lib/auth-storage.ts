// The persisted auth session: {token, expiresAt, user} as JSON under AUTH_STORAGE_KEY.
import { AUTH_STORAGE_KEY } from "@tessera/contracts";
import { z } from "zod";

export const sessionUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string().nullish(),
  image: z.string().nullish(),
  role: z.string().nullish(),
  emailVerified: z.boolean().nullish(),
  twoFactorEnabled: z.boolean().nullish(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const storedSessionSchema = z.object({
  token: z.string().min(1),
  /** ISO date; null until the server has told us (right after sign-in). */
  expiresAt: z.string().nullable(),
  user: sessionUserSchema,
});
export type StoredSession = z.infer<typeof storedSessionSchema>;

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
