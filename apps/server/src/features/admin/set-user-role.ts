import type { SetUserRole } from "@tessera/contracts";
import { AppError } from "../../lib/errors";
import type { AdminDeps } from "./admin-deps";
import { findPerson } from "./find-person";

/**
 * Makes a person an instance admin or takes it away (the admin plugin's role, through Better Auth's
 * adapter). Nobody takes their own away: the instance would risk having no admin left.
 */
export async function setUserRole(
  deps: Pick<AdminDeps, "db" | "auth">,
  callerId: string,
  id: string,
  input: SetUserRole,
): Promise<{ from: "admin" | "user"; to: "admin" | "user" }> {
  const found = await findPerson(deps.db, id);
  if (id === callerId && input.role !== "admin")
    throw new AppError("BAD_REQUEST", "You cannot remove your own admin role. Ask another admin.");
  const from = found.role === "admin" ? "admin" : "user";
  const { internalAdapter } = await deps.auth.$context;
  await internalAdapter.updateUser(id, { role: input.role, updatedAt: new Date() });
  return { from, to: input.role };
}
