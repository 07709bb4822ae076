import { and, count, eq, gt } from "drizzle-orm";
import { session } from "../../db/schema";
import type { AdminDeps } from "./admin-deps";
import { findPerson } from "./find-person";

/**
 * Ends every session a person has, in every browser and process (as the admin plugin's
 * revoke-user-sessions does); they may sign in again. Answers how many were live.
 */
export async function signOutUser(deps: Pick<AdminDeps, "db" | "auth">, id: string): Promise<number> {
  await findPerson(deps.db, id);
  const [live] = await deps.db
    .select({ n: count() })
    .from(session)
    .where(and(eq(session.userId, id), gt(session.expiresAt, new Date())));
  const { internalAdapter } = await deps.auth.$context;
  await internalAdapter.deleteUserSessions(id);
  return Number(live?.n ?? 0);
}
