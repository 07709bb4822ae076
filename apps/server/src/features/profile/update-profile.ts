import { randomBytes } from "node:crypto";
import type { Profile, updateProfileSchema } from "@tessera/contracts";
import { eq, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Database } from "../../db/client";
import { profiles, user } from "../../db/schema";
import { AppError } from "../../lib/errors";
import type { GuardedResponse } from "../../lib/guarded-fetch";
import { acceptImage } from "../../lib/sniff";
import type { Storage } from "../../providers/storage/storage";
import { getProfile } from "./get-profile";

export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;

export interface ProfileDeps {
  db: Database;
  storage: Storage;
  /** The guarded outbound client, already capped for avatars. */
  fetchAvatar(url: string): Promise<GuardedResponse>;
}

/** Copies the picture at `url` into our storage, so the page shows it from our own origin. */
async function copyAvatar(deps: ProfileDeps, url: string): Promise<string> {
  const res = await deps.fetchAvatar(url);
  if (res.status !== 200)
    throw new AppError("BAD_REQUEST", `avatarUrl: the address answered ${res.status}, not a picture.`);
  const type = acceptImage(
    res.bytes,
    () =>
      new AppError(
        "BAD_REQUEST",
        "avatarUrl: the address does not point at a PNG, JPEG, GIF or WebP picture.",
      ),
  );
  const key = `avatars/${Date.now()}-${randomBytes(8).toString("hex")}.${type.ext}`;
  await deps.storage.put(key, res.bytes, type.mime);
  return deps.storage.publicUrl(key);
}

/** Writes the profile row and the auth user's name/picture together, so both always agree. */
export async function updateProfile(
  deps: ProfileDeps,
  userId: string,
  input: z.output<typeof updateProfileSchema>,
): Promise<Profile> {
  const avatarSrc = input.avatarUrl ? await copyAvatar(deps, input.avatarUrl) : input.avatarUrl;
  await deps.db.transaction(async (tx) => {
    const userPatch: { name?: string; image?: string | null; updatedAt: Date } = { updatedAt: new Date() };
    if (input.fullName !== undefined) userPatch.name = input.fullName;
    if (avatarSrc !== undefined) userPatch.image = avatarSrc;
    const [updated] = await tx.update(user).set(userPatch).where(eq(user.id, userId)).returning();
    if (!updated) return;
    const profilePatch = {
      fullName: updated.name || null,
      ...(input.avatarUrl !== undefined ? { avatarUrl: input.avatarUrl } : {}),
      ...(input.language !== undefined ? { language: input.language } : {}),
    };
    await tx
      .insert(profiles)
      .values({ userId, ...profilePatch })
      .onConflictDoUpdate({ target: profiles.userId, set: { ...profilePatch, updatedAt: sql`now()` } });
  });
  return getProfile(deps.db, userId);
}
