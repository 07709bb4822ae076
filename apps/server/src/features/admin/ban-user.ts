// Bans a person: Better Auth marks the account banned (with the reason and the end, if any) and
// ends every session it has. The session rows' deletion and the user row's change are announced to
// every process (auth/session-cache.ts), so each drops what it kept; a session read before the notice
// lands is refused anyway, as require-session.ts reads the ban from the row. API keys stop with it
// (auth/api-key.ts refuses a banned owner's keys).
import type { banUserSchema } from "@tessera/contracts";
import type { z } from "zod";
import { AppError } from "../../lib/errors";
import type { AdminDeps } from "./admin-deps";
import { findPerson } from "./find-person";

export async function banUser(
  deps: Pick<AdminDeps, "db" | "auth">,
  callerId: string,
  id: string,
  input: z.output<typeof banUserSchema>,
  now = new Date(),
) {
  await findPerson(deps.db, id);
  if (id === callerId) throw new AppError("BAD_REQUEST", "You cannot ban yourself.");
  const until = input.until ? new Date(input.until) : null;
  if (until && until.getTime() <= now.getTime())
    throw new AppError("VALIDATION_FAILED", "until: the ban's end must be in the future.");
  // Better Auth's own adapter, as its admin plugin's ban-user does: ADMIN_EMAILS admins hold no
  // admin role for the plugin's endpoints to accept.
  const { internalAdapter } = await deps.auth.$context;
  await internalAdapter.updateUser(id, {
    banned: true,
    banReason: input.reason,
    banExpires: until,
    updatedAt: now,
  });
  await internalAdapter.deleteUserSessions(id);
  return { reason: input.reason, until: until?.toISOString() ?? null };
}
