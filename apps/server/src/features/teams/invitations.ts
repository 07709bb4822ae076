// Invitations (spec §4): sent by owners and admins as member or admin, by mail with a link to
// /auth?accept=<id>, valid for INVITATION_DAYS; resending renews the expiry and sends again. One is
// accepted only by the address it was sent to, once, before it expires.
import { randomUUID } from "node:crypto";
import { INVITATION_DAYS, type InviteMember } from "@tessera/contracts";
import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { invitation, member, organization, user } from "../../db/schema";
import { AppError } from "../../lib/errors";
import type { Mailer } from "../../providers/mail/mailer";
import { requireMember, teamOf } from "./team-access";
import { storedLanguage } from "../../i18n/request-language";
import { mailText, pickLanguage } from "../../i18n/server-text";

export interface InviteDeps {
  db: Database;
  mailer: Mailer;
  publicUrl: string;
}

/** 410: the invitation existed but can no longer be used. */
const gone = (message: string) => new AppError("GONE", message);

const expiry = () => new Date(Date.now() + INVITATION_DAYS * 86_400_000);

export async function inviteMember(deps: InviteDeps, teamId: string, userId: string, input: InviteMember) {
  const { db } = deps;
  await requireMember(db, teamId, userId, ["owner", "admin"]);
  const [already] = await db
    .select({ id: member.id })
    .from(member)
    .innerJoin(user, eq(user.id, member.userId))
    .where(and(eq(member.organizationId, teamId), eq(sql`lower(${user.email})`, input.email)));
  if (already) throw new AppError("CONFLICT", `${input.email} is already a member of this team.`);
  const [pending] = await db
    .select({ id: invitation.id, expiresAt: invitation.expiresAt })
    .from(invitation)
    .where(
      and(
        eq(invitation.organizationId, teamId),
        eq(invitation.email, input.email),
        eq(invitation.status, "pending"),
      ),
    );
  if (pending && pending.expiresAt > new Date()) {
    throw new AppError("CONFLICT", `${input.email} is already invited. Resend the invitation instead.`);
  }
  // An expired one is no longer listed, so it cannot be resent from the page: a new one replaces it.
  if (pending) await db.delete(invitation).where(eq(invitation.id, pending.id));
  const id = randomUUID();
  const expiresAt = expiry();
  await db.insert(invitation).values({
    id,
    organizationId: teamId,
    email: input.email,
    role: input.role,
    status: "pending",
    expiresAt,
    inviterId: userId,
  });
  await sendInvitation(deps, userId, { id, teamId, email: input.email, role: input.role, expiresAt });
  return { id, email: input.email, role: input.role, expiresAt: expiresAt.toISOString() };
}

export async function resendInvitation(
  deps: InviteDeps,
  teamId: string,
  userId: string,
  invitationId: string,
) {
  const { db } = deps;
  await requireMember(db, teamId, userId, ["owner", "admin"]);
  const expiresAt = expiry();
  const [row] = await db
    .update(invitation)
    .set({ expiresAt })
    .where(
      and(
        eq(invitation.id, invitationId),
        eq(invitation.organizationId, teamId),
        eq(invitation.status, "pending"),
      ),
    )
    .returning();
  if (!row) throw new AppError("NOT_FOUND", "No such pending invitation.");
  await sendInvitation(deps, userId, {
    id: row.id,
    teamId,
    email: row.email,
    role: row.role ?? "member",
    expiresAt,
  });
  return { id: row.id, expiresAt: expiresAt.toISOString() };
}

async function sendInvitation(
  deps: InviteDeps,
  senderId: string,
  inv: { id: string; teamId: string; email: string; role: string; expiresAt: Date },
) {
  const [team] = await deps.db
    .select({ name: organization.name })
    .from(organization)
    .where(eq(organization.id, inv.teamId));
  const link = `${deps.publicUrl}/auth?accept=${encodeURIComponent(inv.id)}`;
  // The recipient's language when they have an account and chose one; else the sender's, who most
  // likely shares a language with the colleague they invite; English otherwise.
  const language = pickLanguage(
    (await storedLanguage(deps.db, { email: inv.email })) ??
      (await storedLanguage(deps.db, { userId: senderId })),
    null,
  );
  const teamName = team?.name ?? mailText(language, "aTeam");
  const expires = new Intl.DateTimeFormat(language, {
    year: "numeric",
    month: "long",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZone: "UTC",
    timeZoneName: "short",
  }).format(inv.expiresAt);
  await deps.mailer.send({
    to: inv.email,
    kind: "invitation",
    subject: mailText(language, "inviteSubject", { team: teamName }),
    text: mailText(language, "inviteText", {
      team: teamName,
      role: mailText(language, inv.role === "admin" ? "asAdmin" : "asMember"),
      email: inv.email,
      url: link,
      expires,
    }),
    link,
  });
}

export async function acceptInvitation(
  db: Database,
  me: { id: string; email: string },
  invitationId: string,
) {
  const [inv] = await db
    .select({ row: invitation, teamName: organization.name })
    .from(invitation)
    .innerJoin(organization, eq(organization.id, invitation.organizationId))
    .where(eq(invitation.id, invitationId));
  if (!inv) throw new AppError("NOT_FOUND", "This invitation does not exist, or it was withdrawn.");
  const { row } = inv;
  if (row.email.toLowerCase() !== me.email.toLowerCase()) {
    throw new AppError(
      "FORBIDDEN",
      "This invitation was sent to another email address. Sign in with that address to accept it.",
    );
  }
  if (row.status !== "pending") throw gone("This invitation has already been used.");
  if (row.expiresAt <= new Date()) {
    throw gone("This invitation has expired. Ask the team to resend it.");
  }
  const mine = await teamOf(db, me.id);
  if (mine && mine.teamId !== row.organizationId) {
    throw new AppError("CONFLICT", "You already belong to another team. Leave it before joining this one.");
  }
  await db.transaction(async (tx) => {
    // Only one acceptance can flip the status; a second, concurrent one finds nothing to update.
    const flipped = await tx
      .update(invitation)
      .set({ status: "accepted" })
      .where(and(eq(invitation.id, row.id), eq(invitation.status, "pending")))
      .returning({ id: invitation.id });
    if (flipped.length === 0) throw gone("This invitation has already been used.");
    if (!mine) {
      await tx.insert(member).values({
        id: randomUUID(),
        organizationId: row.organizationId,
        userId: me.id,
        role: row.role === "admin" ? "admin" : "member",
        createdAt: new Date(),
      });
    }
  });
  return { teamId: row.organizationId, teamName: inv.teamName };
}
