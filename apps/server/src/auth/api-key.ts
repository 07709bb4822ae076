// Personal API keys as credentials. A key is `tsr_` and 32 random bytes; only its SHA-256 is stored
// (a key is random enough that a slow hash buys nothing), so a stolen table opens nothing. Every call
// reads the key's row, so a revoked or expired key stops working at once in every process.
import { createHash, randomBytes } from "node:crypto";
import { API_KEY_PREFIX, API_KEY_START_LENGTH } from "@tessera/contracts";
import { and, eq, gt, isNull, lt, or, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { apiKeys, user } from "../db/schema";

export const hashApiKey = (key: string) => createHash("sha256").update(key).digest("hex");

export function newApiKey(): { key: string; start: string; hash: string } {
  const key = `${API_KEY_PREFIX}${randomBytes(32).toString("base64url")}`;
  return { key, start: key.slice(0, API_KEY_START_LENGTH), hash: hashApiKey(key) };
}

export interface ApiKeyHolder {
  keyId: string;
  userId: string;
  email: string;
}

/** Last-used times are written at most this often a key, not on every call. */
const LAST_USED_EVERY_MS = 60_000;

/** The person behind a live key, or null for a missing, wrong, revoked or expired key or a banned owner. */
export async function verifyApiKey(db: Database, key: string): Promise<ApiKeyHolder | null> {
  if (!key.startsWith(API_KEY_PREFIX) || key.length > 200) return null;
  const [row] = await db
    .select({ keyId: apiKeys.id, userId: apiKeys.userId, email: user.email, lastUsedAt: apiKeys.lastUsedAt })
    .from(apiKeys)
    .innerJoin(user, eq(user.id, apiKeys.userId))
    .where(
      and(
        eq(apiKeys.hash, hashApiKey(key)),
        or(isNull(apiKeys.expiresAt), gt(apiKeys.expiresAt, sql`now()`)),
        or(isNull(user.banned), eq(user.banned, false), lt(user.banExpires, sql`now()`)),
      ),
    );
  if (!row) return null;
  if (!row.lastUsedAt || Date.now() - row.lastUsedAt.getTime() > LAST_USED_EVERY_MS)
    await db
      .update(apiKeys)
      .set({ lastUsedAt: sql`now()` })
      .where(eq(apiKeys.id, row.keyId));
  return { keyId: row.keyId, userId: row.userId, email: row.email };
}
