import type { Logger } from "./logger";

export interface SessionInfo {
  user: {
    id: string;
    email: string;
    name: string;
    image?: string | null;
    role?: string | null;
    emailVerified: boolean;
  };
  session: { id: string; token: string; expiresAt: Date };
}

/** Hono variables every request carries; `session` only behind requireSession. */
export type AppEnv = {
  Variables: {
    requestId: string;
    logger: Logger;
    /** The caller's address as rate limits and the audit log see it (auth/client-ip.ts). */
    clientIp: string;
    session: SessionInfo;
  };
};
