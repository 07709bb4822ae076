// The caller's team as the settings page shows it: company, members with their profiles, pending
// invitations (owners and admins only) and analytics from the members' own usage.
import type { Team, TeamAnalytics, TeamRole } from "@tessera/contracts";
import { and, asc, count, eq, gt, inArray, max, ne } from "drizzle-orm";
import type { Database } from "../../db/client";
import {
  conversations,
  generatedImages,
  invitation,
  member,
  messages,
  organization,
  profiles,
  searches,
  user,
} from "../../db/schema";
import { AppError } from "../../lib/errors";
import { companySlug, requireMember, TEAM_NOT_FOUND, teamOf } from "./team-access";
import { listTeamDomains } from "./team-domains";

/** A member counts as active with any message, search or image in this window. */
const ACTIVE_WINDOW_MS = 30 * 86_400_000;

export async function getMyTeam(db: Database, userId: string): Promise<Team | null> {
  const mine = await teamOf(db, userId);
  return mine ? getTeam(db, mine.teamId, userId) : null;
}

export async function getTeam(db: Database, teamId: string, userId: string): Promise<Team> {
  const { role } = await requireMember(db, teamId, userId);
  const [company] = await db
    .select({ id: organization.id, name: organization.name, slug: organization.slug })
    .from(organization)
    .where(eq(organization.id, teamId));
  if (!company) throw new AppError("NOT_FOUND", TEAM_NOT_FOUND);
  const rows = await db
    .select({
      id: member.id,
      userId: member.userId,
      role: member.role,
      joinedAt: member.createdAt,
      email: user.email,
      name: user.name,
      fullName: profiles.fullName,
      avatarUrl: profiles.avatarUrl,
    })
    .from(member)
    .innerJoin(user, eq(user.id, member.userId))
    .leftJoin(profiles, eq(profiles.userId, member.userId))
    .where(eq(member.organizationId, teamId))
    .orderBy(asc(member.createdAt));
  const domains = await listTeamDomains(db, teamId, role !== "member");
  const members = rows.map((r) => ({
    id: r.id,
    userId: r.userId,
    role: r.role as TeamRole,
    joinedAt: r.joinedAt.toISOString(),
    email: r.email,
    profile: { fullName: r.fullName ?? (r.name || null), avatarUrl: r.avatarUrl },
  }));
  const invitations =
    role === "member"
      ? []
      : (
          await db
            .select()
            .from(invitation)
            .where(
              and(
                eq(invitation.organizationId, teamId),
                eq(invitation.status, "pending"),
                gt(invitation.expiresAt, new Date()),
              ),
            )
            .orderBy(asc(invitation.createdAt))
        ).map((i) => ({
          id: i.id,
          email: i.email,
          role: i.role === "admin" ? ("admin" as const) : ("member" as const),
          createdAt: i.createdAt.toISOString(),
          expiresAt: i.expiresAt.toISOString(),
        }));
  return {
    company: {
      id: company.id,
      name: company.name,
      ownerId: members.find((m) => m.role === "owner")?.userId ?? null,
      slug: companySlug(company.slug),
      allowedDomains: domains.length ? domains.map((d) => d.domain) : null,
      domains,
    },
    myRole: role,
    members,
    invitations,
    analytics: await teamAnalytics(
      db,
      members.map((m) => m.userId),
    ),
  };
}

async function teamAnalytics(db: Database, userIds: string[]): Promise<TeamAnalytics> {
  const since = new Date(Date.now() - ACTIVE_WINDOW_MS);
  // Messages the members sent (their own side of their conversations).
  const sent = db
    .select({ userId: conversations.userId, n: count().as("n"), last: max(messages.createdAt).as("last") })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .where(and(inArray(conversations.userId, userIds), eq(messages.role, "user")))
    .groupBy(conversations.userId);
  const searched = db
    .select({ userId: searches.userId, n: count().as("n"), last: max(searches.createdAt).as("last") })
    .from(searches)
    .where(inArray(searches.userId, userIds))
    .groupBy(searches.userId);
  const drawn = db
    .select({
      userId: generatedImages.userId,
      n: count().as("n"),
      last: max(generatedImages.createdAt).as("last"),
    })
    .from(generatedImages)
    .where(and(inArray(generatedImages.userId, userIds), ne(generatedImages.status, "failed")))
    .groupBy(generatedImages.userId);
  const [m, s, i] = await Promise.all([sent, searched, drawn]);
  const lastByUser = new Map<string, Date>();
  for (const r of [...m, ...s, ...i]) {
    const last = r.last ? new Date(r.last) : null;
    if (!last) continue;
    const prev = lastByUser.get(r.userId);
    if (!prev || last > prev) lastByUser.set(r.userId, last);
  }
  const sum = (list: { n: number }[]) => list.reduce((a, r) => a + Number(r.n), 0);
  const lasts = [...lastByUser.values()];
  const latest = lasts.length ? new Date(Math.max(...lasts.map((d) => d.getTime()))) : null;
  return {
    totalMessages: sum(m),
    totalSearches: sum(s),
    totalImages: sum(i),
    activeMembers: lasts.filter((d) => d >= since).length,
    lastActivityDate: latest ? latest.toISOString() : null,
  };
}
