// Holds the auth session: restores it on start, refreshes it while the app is open, and drops it
// when the server says it is gone.
import { AUTH_STORAGE_KEY } from "@tessera/contracts";
import { QueryClientContext } from "@tanstack/react-query";
import { useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { ApiError, onUnauthorized } from "./api-client";
import { AuthContext, type AuthContextValue, type AuthStatus } from "./auth-context";
import {
  clearStoredSession,
  readStoredSession,
  writeStoredSession,
  type SessionUser,
  type StoredSession,
} from "./auth-storage";
import {
  checkSession,
  fetchSession,
  REFRESH_INTERVAL_MS,
  refreshDelayBeforeExpiry,
  signOutEverywhere,
} from "./session-api";

interface AuthState {
  status: AuthStatus;
  session: StoredSession | null;
}

const stateOf = (session: StoredSession | null): AuthState => ({
  status: session ? "signed-in" : "signed-out",
  session,
});

/**
 * A stored session not known to have ended is shown at once and checked in the background: the first
 * screen does not wait for the server's answer, and a refusal (the check, or any request's 401)
 * signs out as soon as it comes.
 */
function startingState(): AuthState {
  const stored = readStoredSession();
  const ended = stored?.expiresAt ? Date.parse(stored.expiresAt) <= Date.now() : false;
  return stored && !ended ? stateOf(stored) : { status: "loading", session: null };
}

export function AuthProvider({ children }: { children: ReactNode }) {
  // The data cache, when a page has made it (app/providers.tsx); read at the time it is cleared, so its
  // arrival changes none of the callbacks below (which would start the session check again).
  const queryClient = useContext(QueryClientContext);
  const queryClientRef = useRef(queryClient);
  queryClientRef.current = queryClient;
  const [state, setState] = useState<AuthState>(startingState);

  const apply = useCallback((session: StoredSession | null) => {
    if (session) writeStoredSession(session);
    else clearStoredSession();
    setState(stateOf(session));
  }, []);

  const drop = useCallback(() => {
    apply(null);
    queryClientRef.current?.clear();
  }, [apply]);

  const refresh = useCallback(async () => {
    const current = readStoredSession();
    if (!current) return apply(null);
    try {
      const next = await checkSession(current.token);
      // A sign-in or sign-out that happened meanwhile wins over this older answer.
      if (readStoredSession()?.token !== current.token) return;
      if (next) apply(next);
      else drop();
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return drop();
      // Offline or a server hiccup: keep the session and try again later.
      console.warn("auth.refresh_failed", error);
      setState((s) => (s.status === "loading" ? stateOf(current) : s));
    }
  }, [apply, drop]);

  useEffect(() => {
    let cancelled = false;
    const restore = async () => {
      if (readStoredSession()) return refresh();
      const adopted = await fetchSession("cookie").catch((error: unknown) => {
        console.warn("auth.cookie_adoption_failed", error);
        return null;
      });
      if (!cancelled) apply(adopted);
    };
    void restore();
    return () => {
      cancelled = true;
    };
  }, [apply, refresh]);

  const expiresAt = state.session?.expiresAt ?? null;
  useEffect(() => {
    if (state.status !== "signed-in") return;
    const interval = setInterval(() => void refresh(), REFRESH_INTERVAL_MS);
    const delay = refreshDelayBeforeExpiry(expiresAt, Date.now());
    const beforeExpiry = delay === null ? undefined : setTimeout(() => void refresh(), delay);
    const onVisible = () => {
      if (document.visibilityState === "visible") void refresh();
    };
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      clearInterval(interval);
      clearTimeout(beforeExpiry);
      document.removeEventListener("visibilitychange", onVisible);
    };
  }, [state.status, expiresAt, refresh]);

  useEffect(() => onUnauthorized(drop), [drop]);

  // Another tab signed in or out.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key !== AUTH_STORAGE_KEY && event.key !== null) return;
      const session = readStoredSession();
      setState(stateOf(session));
      if (!session) queryClientRef.current?.clear();
    };
    window.addEventListener("storage", onStorage);
    return () => window.removeEventListener("storage", onStorage);
  }, []);

  const signIn = useCallback(
    async (token: string, user?: SessionUser) => {
      if (user) {
        apply({ token, expiresAt: null, user });
        void refresh();
        return;
      }
      const session = await fetchSession({ token });
      if (!session)
        throw new ApiError(401, "SESSION_NOT_FOUND", "The new session was not accepted. Sign in again.");
      apply(session);
    },
    [apply, refresh],
  );

  const signOut = useCallback(async () => {
    const token = readStoredSession()?.token;
    try {
      if (token) await signOutEverywhere(token);
    } finally {
      drop();
    }
  }, [drop]);

  const value = useMemo<AuthContextValue>(
    () => ({
      status: state.status,
      user: state.session?.user ?? null,
      token: state.session?.token ?? null,
      signIn,
      signOut,
      refresh,
    }),
    [state, signIn, signOut, refresh],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
