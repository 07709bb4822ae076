import type { Profile, updateProfileSchema } from "@tessera/contracts";
import { sql, eq } from "drizzle-orm";
import type { z } from "zod";
import type { Database } from "../../db/client";
import { profiles, user } from "../../db/schema";
import { getProfile } from "./get-profile";

/** Writes the profile row and the auth user's name/image together, so both always agree. */
export async function updateProfile(
  db: Database,
  userId: string,
  input: z.output<typeof updateProfileSchema>,
): Promise<Profile> {
  await db.transaction(async (tx) => {
    const userPatch: { name?: string; image?: string | null; updatedAt: Date } = { updatedAt: new Date() };
    if (input.fullName !== undefined) userPatch.name = input.fullName;
    if (input.avatarUrl !== undefined) userPatch.image = input.avatarUrl;
    const [updated] = await tx.update(user).set(userPatch).where(eq(user.id, userId)).returning();
    if (!updated) return;
    await tx
      .insert(profiles)
      .values({ userId, fullName: updated.name || null, avatarUrl: updated.image })
      .onConflictDoUpdate({
        target: profiles.userId,
        set: { fullName: updated.name || null, avatarUrl: updated.image, updatedAt: sql`now()` },
      });
  });
  return getProfile(db, userId);
}
