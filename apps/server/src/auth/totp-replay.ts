// A TOTP code is good once. Better Auth accepts any code of the current 30 s step or its neighbours,
// as often as it is sent; after it accepts one, the step that code belongs to is claimed here, and a
// code of that step or an older one is refused, so a code read over a shoulder or out of a log
// cannot be replayed inside its window.
import { createHmac } from "node:crypto";
import { symmetricDecrypt } from "better-auth/crypto";
import { eq, lt, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { totpSteps, twoFactor } from "../db/schema";

const PERIOD_S = 30;
const DIGITS = 6;

/** RFC 4226: the code for counter `step` under `key`. */
export function hotp(key: string, step: number): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const mac = createHmac("sha1", Buffer.from(key, "utf8")).update(counter).digest();
  const at = mac[mac.length - 1]! & 0x0f;
  const value = (mac.readUInt32BE(at) & 0x7fffffff) % 10 ** DIGITS;
  return String(value).padStart(DIGITS, "0");
}

/**
 * Claims the step `code` belongs to for `userId`. False when that step (or a later one) was claimed
 * before: the code is a replay. Better Auth has already accepted the code, so it matches a step
 * within its window; the window is taken one step wider in case the clock ticked meanwhile.
 */
export async function claimTotpStep(
  db: Database,
  secretConfig: Parameters<typeof symmetricDecrypt>[0]["key"],
  userId: string,
  code: string,
  now = Date.now(),
): Promise<boolean> {
  const [row] = await db
    .select({ secret: twoFactor.secret })
    .from(twoFactor)
    .where(eq(twoFactor.userId, userId));
  if (!row) return true;
  const key = await symmetricDecrypt({ key: secretConfig, data: row.secret });
  const current = Math.floor(now / 1000 / PERIOD_S);
  const step = [current, current - 1, current + 1, current - 2].find((s) => hotp(key, s) === code);
  if (step === undefined) return true;
  const claimed = await db
    .insert(totpSteps)
    .values({ userId, step })
    .onConflictDoUpdate({
      target: totpSteps.userId,
      set: { step: sql`excluded.step` },
      setWhere: lt(totpSteps.step, sql`excluded.step`),
    })
    .returning({ step: totpSteps.step });
  return claimed.length > 0;
}
