import { languageCodeSchema, type Profile } from "@tessera/contracts";
import { eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { profiles, user } from "../../db/schema";
import { notFound } from "../../lib/errors";

export async function getProfile(db: Database, userId: string): Promise<Profile> {
  const [row] = await db
    .select({
      userId: user.id,
      email: user.email,
      name: user.name,
      image: user.image,
      role: user.role,
      twoFactorEnabled: user.twoFactorEnabled,
      profileId: profiles.id,
      fullName: profiles.fullName,
      avatarUrl: profiles.avatarUrl,
      language: profiles.language,
    })
    .from(user)
    .leftJoin(profiles, eq(profiles.userId, user.id))
    .where(eq(user.id, userId));
  if (!row) throw notFound();
  return {
    id: row.profileId ?? row.userId,
    userId: row.userId,
    email: row.email,
    fullName: row.fullName ?? (row.name || null),
    avatarUrl: row.avatarUrl ?? null,
    avatarSrc: row.image?.startsWith("/files/") ? row.image : null,
    role: row.role ?? null,
    twoFactorEnabled: row.twoFactorEnabled ?? false,
    // A language no longer offered reads as none: the browser's.
    language: languageCodeSchema.safeParse(row.language).data ?? null,
  };
}
