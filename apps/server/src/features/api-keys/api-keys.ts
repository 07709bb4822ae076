// A person's API keys: made (shown once), listed with their use, revoked. Keys open the OpenAI-
// compatible API at /v1 (features/openai-api), which the plan's `apiAccess` grants.
import { API_KEYS_MAX, type ApiKey, type CreateApiKey, type CreatedApiKey } from "@tessera/contracts";
import { and, count, desc, eq, gt, sql } from "drizzle-orm";
import { newApiKey } from "../../auth/api-key";
import { requireFeature } from "../../billing/plans";
import type { Database } from "../../db/client";
import { apiCalls, apiKeys } from "../../db/schema";
import { AppError, notFound } from "../../lib/errors";

const DAY_MS = 24 * 60 * 60 * 1000;
const USAGE_DAYS = 30;

export async function createApiKey(
  db: Database,
  userId: string,
  input: CreateApiKey,
): Promise<CreatedApiKey> {
  await requireFeature(db, userId, "apiAccess");
  const [held] = await db.select({ n: count() }).from(apiKeys).where(eq(apiKeys.userId, userId));
  if ((held?.n ?? 0) >= API_KEYS_MAX)
    throw new AppError(
      "CONFLICT",
      `You have ${API_KEYS_MAX} keys, the most one person may hold. Revoke one first.`,
    );
  const { key, start, hash } = newApiKey();
  const expiresAt = input.expiresInDays ? new Date(Date.now() + input.expiresInDays * DAY_MS) : null;
  const [row] = await db
    .insert(apiKeys)
    .values({ userId, name: input.name, start, hash, expiresAt })
    .returning({ id: apiKeys.id, createdAt: apiKeys.createdAt });
  return {
    id: row!.id,
    name: input.name,
    start,
    key,
    createdAt: row!.createdAt.toISOString(),
    expiresAt: expiresAt?.toISOString() ?? null,
  };
}

export async function listApiKeys(db: Database, userId: string): Promise<ApiKey[]> {
  const since = new Date(Date.now() - USAGE_DAYS * DAY_MS);
  const usage = db
    .select({
      keyId: apiCalls.apiKeyId,
      calls: sql<number>`count(*)::int`.as("calls"),
      tokens: sql<number>`coalesce(sum(${apiCalls.inputTokens} + ${apiCalls.outputTokens}), 0)::bigint`.as(
        "tokens",
      ),
      cost: sql<number>`coalesce(sum(${apiCalls.cost}), 0)::float8`.as("cost"),
    })
    .from(apiCalls)
    .where(and(eq(apiCalls.userId, userId), gt(apiCalls.createdAt, since)))
    .groupBy(apiCalls.apiKeyId)
    .as("usage");
  const rows = await db
    .select({
      id: apiKeys.id,
      name: apiKeys.name,
      start: apiKeys.start,
      createdAt: apiKeys.createdAt,
      lastUsedAt: apiKeys.lastUsedAt,
      expiresAt: apiKeys.expiresAt,
      calls: usage.calls,
      tokens: usage.tokens,
      cost: usage.cost,
    })
    .from(apiKeys)
    .leftJoin(usage, eq(usage.keyId, apiKeys.id))
    .where(eq(apiKeys.userId, userId))
    .orderBy(desc(apiKeys.createdAt));
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    start: r.start,
    createdAt: r.createdAt.toISOString(),
    lastUsedAt: r.lastUsedAt?.toISOString() ?? null,
    expiresAt: r.expiresAt?.toISOString() ?? null,
    usage: { calls: Number(r.calls ?? 0), tokens: Number(r.tokens ?? 0), cost: Number(r.cost ?? 0) },
  }));
}

/** Revokes at once: the next call with the key, in any process, is 401. Another's key is 404. */
export async function revokeApiKey(db: Database, userId: string, id: string): Promise<void> {
  const gone = await db
    .delete(apiKeys)
    .where(and(eq(apiKeys.id, id), eq(apiKeys.userId, userId)))
    .returning({ id: apiKeys.id });
  if (gone.length === 0) throw notFound("API key not found.");
}
