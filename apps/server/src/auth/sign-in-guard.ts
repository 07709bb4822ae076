// Password guessing is kept expensive without letting strangers lock an account: attempts are
// counted per account *and* client address (in the database, so every server process counts the
// same), a pair over the limit is refused, and the account's total across all addresses only slows
// each attempt down. The owner, from their own address, always gets an answer.
import { and, eq, gt, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { signInFailures } from "../db/schema";
import { AppError } from "../lib/errors";

/** Guesses are counted over this long. */
export const SIGN_IN_WINDOW_MS = 15 * 60_000;
/** Failures an account takes across all addresses before its attempts are slowed. */
const FREE_FAILURES = 5;
const FIRST_DELAY_MS = 100;
/** The slowest an attempt gets: a nuisance to the owner at worst, time per guess to everyone else. */
export const MAX_DELAY_MS = 3_000;

const WINDOW = sql.raw(`interval '${SIGN_IN_WINDOW_MS / 1000} seconds'`);

/** The wait before an attempt on an account with `failures` recent failures from any address. */
export function slowdownFor(failures: number): number {
  if (failures <= FREE_FAILURES) return 0;
  return Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** (failures - FREE_FAILURES - 1));
}

export interface SignInGuard {
  /**
   * Counts an attempt on `account` from `client` before the password is checked (so a parallel
   * burst cannot slip past the count); throws 429 when this pair is over `max`; else waits out the
   * account's slowdown.
   */
  attempt(account: string, client: string): Promise<void>;
  /** A right password, a reset or a second factor: every count on the account goes. */
  lift(account: string): Promise<void>;
}

export async function liftSignInFailures(db: Database, account: string): Promise<void> {
  await db.delete(signInFailures).where(eq(signInFailures.account, account.trim().toLowerCase()));
}

export function createSignInGuard(
  db: Database,
  max: number,
  sleep: (ms: number) => Promise<void> = (ms) => new Promise((r) => setTimeout(r, ms)),
): SignInGuard {
  return {
    async attempt(account, client) {
      const expired = sql`${signInFailures.windowStart} < now() - ${WINDOW}`;
      const [pair] = await db
        .insert(signInFailures)
        .values({ account, client, failures: 1 })
        .onConflictDoUpdate({
          target: [signInFailures.account, signInFailures.client],
          set: {
            failures: sql`CASE WHEN ${expired} THEN 1 ELSE ${signInFailures.failures} + 1 END`,
            windowStart: sql`CASE WHEN ${expired} THEN now() ELSE ${signInFailures.windowStart} END`,
          },
        })
        .returning({
          failures: signInFailures.failures,
          leftMs: sql<number>`extract(epoch from (${signInFailures.windowStart} + ${WINDOW} - now())) * 1000`,
        });
      if (pair && pair.failures > max) {
        const minutes = Math.max(1, Math.ceil(Number(pair.leftMs) / 60_000));
        throw new AppError(
          "RATE_LIMITED",
          `Too many sign-in attempts for this account from your network. Try again in ${minutes} min, or reset your password.`,
          { headers: { "Retry-After": String(Math.max(1, Math.ceil(Number(pair.leftMs) / 1000))) } },
        );
      }
      const [total] = await db
        .select({ failures: sql<number>`coalesce(sum(${signInFailures.failures}), 0)::int` })
        .from(signInFailures)
        .where(
          and(eq(signInFailures.account, account), gt(signInFailures.windowStart, sql`now() - ${WINDOW}`)),
        );
      // This attempt is in the total; it is not yet a failure.
      const delay = slowdownFor(Number(total?.failures ?? 1) - 1);
      if (delay > 0) await sleep(delay);
    },
    lift: (account) => liftSignInFailures(db, account),
  };
}
