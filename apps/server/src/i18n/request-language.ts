import type { LanguageCode } from "@tessera/contracts";
import { eq } from "drizzle-orm";
import type { Context } from "hono";
import type { Database } from "../db/client";
import { profiles, user } from "../db/schema";
import type { AppEnv } from "../lib/context";
import { pickLanguage } from "./server-text";

/** The language a signed-in person chose on Account, or null (none, or no such person). */
export async function storedLanguage(
  db: Database,
  who: { userId: string } | { email: string },
): Promise<string | null> {
  const [row] = await db
    .select({ language: profiles.language })
    .from(user)
    .innerJoin(profiles, eq(profiles.userId, user.id))
    .where("userId" in who ? eq(user.id, who.userId) : eq(user.email, who.email.toLowerCase()))
    .limit(1);
  return row?.language ?? null;
}

/**
 * The language of a request's answer: the signed-in person's choice, else Accept-Language. Read only
 * when an error is answered, so a request that succeeds pays nothing for it.
 */
export async function requestLanguage(c: Context<AppEnv>, db: Database): Promise<LanguageCode> {
  const userId = c.get("session")?.user.id;
  const stored = userId ? await storedLanguage(db, { userId }).catch(() => null) : null;
  return pickLanguage(stored, c.req.header("accept-language"));
}

/** The language of a mail to `email`: the recipient's choice, else the asking browser's (sign-up). */
export async function mailLanguage(
  db: Database,
  email: string,
  request?: Request | null,
): Promise<LanguageCode> {
  return pickLanguage(await storedLanguage(db, { email }), request?.headers.get("accept-language"));
}
