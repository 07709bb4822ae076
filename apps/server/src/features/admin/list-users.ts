// Admin → Users: everyone, searched by name or address, sorted and a page at a time, with their plan,
// role, team, model use in the last 30 days and when they were last active (the latest of a session
// refresh, a page view, a chat answer and an API call).
import {
  ADMIN_USERS_PAGE_SIZE,
  type AdminUser,
  type AdminUserSort,
  type AdminUserSortKey,
  type AdminUsersPage,
  type PlanId,
} from "@tessera/contracts";
import { sql, type SQL } from "drizzle-orm";
import { spendRows } from "../../billing/spend";
import { rowsOf, type Database } from "../../db/client";
import {
  analyticsEvents,
  apiCalls,
  member,
  messages,
  organization,
  session,
  subscriptions,
  user,
} from "../../db/schema";

const DAY_MS = 86_400_000;

export interface UserRow {
  id: string;
  name: string;
  email: string;
  image: string | null;
  role: string | null;
  banned: boolean | null;
  ban_reason: string | null;
  ban_expires: string | Date | null;
  email_verified: boolean;
  created_at: string | Date;
  plan: PlanId | null;
  plan_valid_until: string | Date | null;
  team_id: string | null;
  team_name: string | null;
  team_role: string | null;
  tokens: string | number;
  cost: number;
  last_active: string | Date | null;
}

const ORDER: Record<AdminUserSortKey, SQL> = {
  name: sql`lower(u.name)`,
  email: sql`lower(u.email)`,
  created: sql`u.created_at`,
  lastActive: sql`last_active`,
  tokens: sql`tokens`,
  cost: sql`cost`,
};

const iso = (v: string | Date | null) => (v === null ? null : new Date(v).toISOString());

/** A person as the list shows them, from one row of `usersQuery`. */
export function toAdminUser(r: UserRow, adminEmails: readonly string[], now = new Date()): AdminUser {
  const banExpires = iso(r.ban_expires);
  const banned = r.banned === true && (banExpires === null || Date.parse(banExpires) > now.getTime());
  const validUntil = iso(r.plan_valid_until);
  const planLive =
    r.plan !== null && r.plan !== "core" && (validUntil === null || Date.parse(validUntil) > now.getTime());
  return {
    id: r.id,
    name: r.name,
    email: r.email,
    image: r.image,
    plan: planLive ? r.plan! : "core",
    role: r.role === "admin" ? "admin" : "user",
    listedAdmin: adminEmails.includes(r.email.toLowerCase()),
    team: r.team_id ? { id: r.team_id, name: r.team_name ?? "", role: r.team_role ?? "member" } : null,
    tokens30d: Number(r.tokens),
    cost30d: Number(r.cost),
    lastActiveAt: iso(r.last_active),
    createdAt: iso(r.created_at)!,
    status: banned ? "banned" : r.email_verified ? "active" : "unverified",
    banReason: banned ? r.ban_reason : null,
    banExpires: banned ? banExpires : null,
  };
}

/** Rows of people with what the list shows; `where` and `tail` (order, limit) complete it. */
export function usersQuery(where: SQL, tail: SQL, only?: { userId: string }, now = new Date()): SQL {
  const since = new Date(now.getTime() - 30 * DAY_MS);
  return sql`
    with spend as (
      select user_id, sum(tokens)::bigint as tokens, sum(cost)::float8 as cost
      from ${spendRows({ from: since, to: new Date(now.getTime() + 1), userId: only?.userId })} as s
      group by user_id
    ),
    teams as (
      select distinct on (${member.userId}) ${member.userId} as user_id, ${organization.id} as id,
        ${organization.name} as name, ${member.role} as role
      from ${member} join ${organization} on ${organization.id} = ${member.organizationId}
      order by ${member.userId}, ${member.createdAt}
    )
    select u.id, u.name, u.email, u.image, u.role, u.banned, u.ban_reason, u.ban_expires, u.email_verified,
      u.created_at, sub.plan, sub.valid_until as plan_valid_until,
      t.id as team_id, t.name as team_name, t.role as team_role,
      coalesce(sp.tokens, 0)::bigint as tokens, coalesce(sp.cost, 0)::float8 as cost,
      greatest(
        (select max(${session.updatedAt}) from ${session} where ${session.userId} = u.id),
        (select max(${analyticsEvents.createdAt}) from ${analyticsEvents} where ${analyticsEvents.userId} = u.id),
        (select max(${messages.createdAt}) from ${messages} where ${messages.userId} = u.id),
        (select max(${apiCalls.createdAt}) from ${apiCalls} where ${apiCalls.userId} = u.id)
      ) as last_active,
      count(*) over () as total
    from ${user} u
    left join ${subscriptions} sub on sub.user_id = u.id
    left join teams t on t.user_id = u.id
    left join spend sp on sp.user_id = u.id
    where ${where}
    ${tail}`;
}

/** LIKE's own characters taken literally, so a search for "a_b" finds only that. */
const contains = (text: string) => `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

export async function listUsers(
  db: Database,
  query: { q: string; page: number; sort: AdminUserSort },
  adminEmails: readonly string[],
): Promise<AdminUsersPage> {
  const where = query.q
    ? sql`(u.name ilike ${contains(query.q)} or u.email ilike ${contains(query.q)})`
    : sql`true`;
  const descending = query.sort.startsWith("-");
  const column = ORDER[query.sort.replace(/^-/, "") as keyof typeof ORDER];
  const offset = (query.page - 1) * ADMIN_USERS_PAGE_SIZE;
  const rows = await rowsOf<UserRow & { total: string | number }>(
    db,
    usersQuery(
      where,
      sql`order by ${column} ${descending ? sql`desc` : sql`asc`} nulls last, u.id
        limit ${ADMIN_USERS_PAGE_SIZE} offset ${offset}`,
    ),
  );
  const total = rows[0]
    ? Number(rows[0].total)
    : // A page past the end still says how many there are.
      Number(
        (await rowsOf<{ n: string | number }>(db, sql`select count(*) as n from ${user} u where ${where}`))[0]
          ?.n ?? 0,
      );
  const now = new Date();
  return {
    users: rows.map((r) => toAdminUser(r, adminEmails, now)),
    page: query.page,
    pageSize: ADMIN_USERS_PAGE_SIZE,
    total,
  };
}
