// One page of the mail this instance made, newest first, for its admins: whom it was for, what, whether
// it went out, and while unsent the link its addressee is waiting for.
import type { OutboxPage } from "@tessera/contracts";
import { and, desc, eq, lt, or } from "drizzle-orm";
import type { Database } from "../../db/client";
import { mailOutbox } from "../../db/schema";

export async function listOutbox(
  db: Database,
  query: { before?: string; limit: number },
): Promise<Omit<OutboxPage, "mailConfigured">> {
  const after = query.before
    ? (await db.select().from(mailOutbox).where(eq(mailOutbox.id, query.before)))[0]
    : undefined;
  // Newest first; ties on the instant are ordered by id, so a page never repeats or skips one.
  const rows = await db
    .select()
    .from(mailOutbox)
    .where(
      after
        ? or(
            lt(mailOutbox.createdAt, after.createdAt),
            and(eq(mailOutbox.createdAt, after.createdAt), lt(mailOutbox.id, after.id)),
          )
        : undefined,
    )
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  return {
    messages: page.map((row) => ({
      id: row.id,
      to: row.to,
      kind: row.kind,
      subject: row.subject,
      link: row.status === "outbox" ? row.link : null,
      status: row.status as OutboxPage["messages"][number]["status"],
      error: row.error,
      createdAt: row.createdAt.toISOString(),
    })),
    next: rows.length > query.limit ? (page.at(-1)?.id ?? null) : null,
  };
}
