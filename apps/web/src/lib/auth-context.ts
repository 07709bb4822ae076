import { createContext, useContext } from "react";
import type { SessionUser } from "./auth-storage";

export type AuthStatus = "loading" | "signed-in" | "signed-out";

export interface AuthContextValue {
  status: AuthStatus;
  user: SessionUser | null;
  token: string | null;
  /**
   * Adopts a bearer token the server just issued (the `set-auth-token` header after sign-in, a
   * two-factor check, or a session rotation). With `user` it is signed in at once and checked in
   * the background; without, it is checked first.
   */
  signIn: (token: string, user?: SessionUser) => Promise<void>;
  /** Ends every session of the user; the local session is cleared even when the server is unreachable. */
  signOut: () => Promise<void>;
  /** Re-reads the session from the server (and extends it). */
  refresh: () => Promise<void>;
}

export const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error("useAuth must be used inside <AuthProvider>.");
  return value;
}
