import { AUTH_STORAGE_KEY } from "@tessera/contracts";
import type { StoredSession } from "@/lib/auth-storage";

export const testUser = {
  id: "u1",
  email: "ada@example.com",
  name: "Ada Lovelace",
  image: null,
  role: "user",
  emailVerified: true,
  twoFactorEnabled: false,
};

/** Puts a signed-in session in storage, as a previous visit would have left it. */
export function storeSession(overrides: Partial<StoredSession> = {}): StoredSession {
  const session: StoredSession = {
    token: "stored-token",
    expiresAt: new Date(Date.now() + 6 * 864e5).toISOString(),
    user: testUser,
    ...overrides,
  };
  localStorage.setItem(AUTH_STORAGE_KEY, JSON.stringify(session));
  return session;
}

/** What GET /api/auth/get-session answers for a live session. */
export function sessionBody(token = "stored-token", user = testUser) {
  return {
    session: { token, expiresAt: new Date(Date.now() + 7 * 864e5).toISOString(), userId: user.id },
    user,
  };
}

export function readStored(): StoredSession | null {
  const raw = localStorage.getItem(AUTH_STORAGE_KEY);
  return raw ? (JSON.parse(raw) as StoredSession) : null;
}
