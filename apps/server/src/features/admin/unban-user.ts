import type { AdminDeps } from "./admin-deps";
import { findPerson } from "./find-person";

/** Lifts a ban (Better Auth's adapter, as the admin plugin's unban-user does); they may sign in again. */
export async function unbanUser(deps: Pick<AdminDeps, "db" | "auth">, id: string) {
  await findPerson(deps.db, id);
  const { internalAdapter } = await deps.auth.$context;
  await internalAdapter.updateUser(id, {
    banned: false,
    banReason: null,
    banExpires: null,
    updatedAt: new Date(),
  });
}
