// Deletes a person and everything that is theirs, after the admin typed their address again: the
// account, sessions and keys, conversations, comparisons, searches, documents, prompts, assistants,
// images, voice-overs, usage and plan (the tables' own cascades), the mail kept for their address,
// and their stored files. Nothing of anyone else's goes: a team they shared keeps its other members,
// and when they were its only owner, its longest-standing admin (else member) becomes owner; a team
// only they were in goes with them. One transaction: the handover and the removal stand or fall
// together. Files are removed once the rows are gone; one that cannot be is logged, never kept as a
// reason to keep the person.
import { and, asc, eq, inArray, ne, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import {
  chatImages,
  generatedImages,
  mailOutbox,
  member,
  organization,
  user,
  voiceOvers,
} from "../../db/schema";
import { AppError } from "../../lib/errors";
import type { AdminDeps } from "./admin-deps";
import { findPerson } from "./find-person";

/** The storage key of a picture kept under /files/ (an avatar copied by updateProfile), else null. */
function storedAvatarKey(image: string | null): string | null {
  const match = image ? /\/files\/(avatars\/[^?#]+)$/.exec(image) : null;
  return match ? decodeURIComponent(match[1]!) : null;
}

async function handOverTeams(tx: Database, id: string): Promise<{ deleted: string[]; newOwners: string[] }> {
  const mine = await tx
    .select({ teamId: member.organizationId, role: member.role })
    .from(member)
    .where(eq(member.userId, id));
  const deleted: string[] = [];
  const newOwners: string[] = [];
  for (const { teamId, role } of mine) {
    const others = await tx
      .select({ id: member.id, role: member.role })
      .from(member)
      .where(and(eq(member.organizationId, teamId), ne(member.userId, id)))
      .orderBy(
        sql`case ${member.role} when 'owner' then 0 when 'admin' then 1 else 2 end`,
        asc(member.createdAt),
      )
      .for("update");
    if (others.length === 0) {
      await tx.delete(organization).where(eq(organization.id, teamId));
      deleted.push(teamId);
    } else if (role === "owner" && others[0]!.role !== "owner") {
      await tx.update(member).set({ role: "owner" }).where(eq(member.id, others[0]!.id));
      newOwners.push(teamId);
    }
  }
  return { deleted, newOwners };
}

export async function deleteUser(
  deps: Pick<AdminDeps, "db" | "storage" | "logger">,
  callerId: string,
  id: string,
  confirmEmail: string,
) {
  const found = await findPerson(deps.db, id);
  if (id === callerId) throw new AppError("BAD_REQUEST", "You cannot delete your own account here.");
  if (confirmEmail.trim().toLowerCase() !== found.email.toLowerCase())
    throw new AppError(
      "VALIDATION_FAILED",
      "confirmEmail: type the person's email address exactly to confirm.",
    );
  const removed = await deps.db.transaction(async (tx) => {
    const keys = [
      ...(await tx.select({ key: chatImages.storageKey }).from(chatImages).where(eq(chatImages.userId, id))),
      ...(await tx
        .select({ key: generatedImages.storageKey })
        .from(generatedImages)
        .where(eq(generatedImages.userId, id))),
      ...(await tx.select({ key: voiceOvers.storageKey }).from(voiceOvers).where(eq(voiceOvers.userId, id))),
    ].flatMap((r) => (r.key ? [r.key] : []));
    const avatar = storedAvatarKey(found.image);
    if (avatar) keys.push(avatar);
    const teams = await handOverTeams(tx, id);
    await tx.delete(mailOutbox).where(inArray(sql`lower(${mailOutbox.to})`, [found.email.toLowerCase()]));
    await tx.delete(user).where(eq(user.id, id));
    return { keys, teams };
  });
  for (const key of removed.keys)
    await deps.storage.remove(key).catch((err: unknown) =>
      deps.logger.warn(
        {
          event: "admin.delete_user.file_left",
          key,
          err: err instanceof Error ? err.message : String(err),
        },
        "a deleted person's file could not be removed",
      ),
    );
  return { email: found.email, files: removed.keys.length, ...removed.teams };
}
