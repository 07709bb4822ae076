// Admin → Usage: tokens and cost over a range of days (UTC, both included), by day, person, team and
// model, from the same spend rows the budgets count (billing/spend.ts), with the OpenAI-compatible API
// apart. A person is counted under their team (the first they joined) or "No team".
import type { SpendReport } from "@tessera/contracts";
import { sql } from "drizzle-orm";
import { spendRows } from "../../billing/spend";
import { rowsOf, type Database } from "../../db/client";
import { member, organization, user } from "../../db/schema";

const DAY_MS = 86_400_000;

interface Grouped {
  key: string | null;
  name: string | null;
  email: string | null;
  tokens: string | number;
  cost: number;
  n: string | number;
  people: string | number;
}

/** The days from `from` to `to` (YYYY-MM-DD, both included). */
export function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += DAY_MS)
    days.push(new Date(t).toISOString().slice(0, 10));
  return days;
}

export async function readSpendReport(
  db: Database,
  range: { from: string; to: string },
): Promise<SpendReport> {
  const start = new Date(`${range.from}T00:00:00Z`);
  const end = new Date(Date.parse(`${range.to}T00:00:00Z`) + DAY_MS);
  const answers = spendRows({ from: start, to: end, kinds: ["chat", "compare", "search"] });
  const calls = spendRows({ from: start, to: end, kinds: ["api"] });
  const teams = sql`(
    select distinct on (${member.userId}) ${member.userId} as user_id, ${organization.id} as id, ${organization.name} as name
    from ${member} join ${organization} on ${organization.id} = ${member.organizationId}
    order by ${member.userId}, ${member.createdAt})`;
  const group = (source: typeof answers, by: "day" | "person" | "team" | "model") => {
    const key = {
      day: sql`to_char(s.at at time zone 'UTC', 'YYYY-MM-DD')`,
      person: sql`s.user_id`,
      team: sql`t.id`,
      model: sql`s.model`,
    }[by];
    const name = { day: sql`null`, person: sql`max(u.name)`, team: sql`max(t.name)`, model: sql`null` }[by];
    return rowsOf<Grouped>(
      db,
      sql`select ${key} as key, ${name} as name, ${by === "person" ? sql`max(u.email)` : sql`null`} as email,
          sum(s.tokens)::bigint as tokens, sum(s.cost)::float8 as cost, count(*) as n,
          count(distinct s.user_id) as people
        from ${source} as s
        left join ${user} u on u.id = s.user_id
        left join ${teams} t on t.user_id = s.user_id
        group by ${key}
        order by sum(s.cost) desc, sum(s.tokens) desc, ${key}`,
    );
  };
  const figures = (r: Grouped) => ({ tokens: Number(r.tokens), cost: Number(r.cost) });
  const days = daysBetween(range.from, range.to);
  const perDay = <T>(rows: Grouped[], shape: (r: Grouped | undefined) => T) => {
    const byKey = new Map(rows.map((r) => [r.key, r]));
    return days.map((date) => ({ date, ...shape(byKey.get(date)) }));
  };
  // One after another: seven reads at once would hold most of a PostgreSQL pool for one page.
  const aDay = await group(answers, "day");
  const aPerson = await group(answers, "person");
  const aTeam = await group(answers, "team");
  const aModel = await group(answers, "model");
  const cDay = await group(calls, "day");
  const cPerson = await group(calls, "person");
  const cModel = await group(calls, "model");
  const sum = (rows: Grouped[], pick: (r: Grouped) => number) => rows.reduce((n, r) => n + pick(r), 0);
  return {
    from: range.from,
    to: range.to,
    totals: {
      tokens: sum(aDay, (r) => Number(r.tokens)),
      cost: sum(aDay, (r) => Number(r.cost)),
      answers: sum(aDay, (r) => Number(r.n)),
    },
    byDay: perDay(aDay, (r) => (r ? figures(r) : { tokens: 0, cost: 0 })),
    byPerson: aPerson.map((r) => ({
      userId: r.key ?? "",
      name: r.name ?? "",
      email: r.email ?? "",
      ...figures(r),
      answers: Number(r.n),
    })),
    byTeam: aTeam.map((r) => ({
      teamId: r.key,
      name: r.name ?? "No team",
      people: Number(r.people),
      ...figures(r),
    })),
    byModel: aModel.map((r) => ({ model: r.key ?? "unknown", ...figures(r), answers: Number(r.n) })),
    api: {
      totals: {
        calls: sum(cDay, (r) => Number(r.n)),
        tokens: sum(cDay, (r) => Number(r.tokens)),
        cost: sum(cDay, (r) => Number(r.cost)),
        people: cPerson.length,
      },
      byDay: perDay(cDay, (r) =>
        r ? { ...figures(r), calls: Number(r.n) } : { tokens: 0, cost: 0, calls: 0 },
      ),
      byPerson: cPerson.map((r) => ({
        userId: r.key ?? "",
        name: r.name ?? "",
        email: r.email ?? "",
        ...figures(r),
        calls: Number(r.n),
      })),
      byModel: cModel.map((r) => ({ model: r.key ?? "unknown", ...figures(r), calls: Number(r.n) })),
    },
  };
}
