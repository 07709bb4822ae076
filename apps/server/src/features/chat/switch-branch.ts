// Showing another version of a turn: the branch shown is the messages in sight (replaced_by null). The
// version shown now, and what follows it in sight, go out of sight naming the version chosen; the one
// chosen comes back with what followed it when it was put away (those that name what put it away).
// A message deeper in another branch (a search hit) is reached by choosing each version on its way.
import { STREAM_MESSAGES, type StoredMessage } from "@tessera/contracts";
import { sql } from "drizzle-orm";
import { rowsOf, type Database } from "../../db/client";
import { AppError, notFound } from "../../lib/errors";
import { listMessages } from "./conversations";

type PathRow = { id: string; parent_id: string | null; replaced_by: string | null };

export async function switchBranch(
  db: Database,
  userId: string,
  conversationId: string,
  messageId: string,
): Promise<StoredMessage[]> {
  await db.transaction(async (tx) => {
    // The message and those it follows, first question first; none when it is not in the caller's
    // conversation.
    const path = await rowsOf<PathRow>(
      tx,
      sql`
      with recursive up(id, parent_id, replaced_by, depth) as (
        select m.id, m.parent_id, m.replaced_by, 0 from messages m
        where m.id = ${messageId} and m.conversation_id = ${conversationId} and m.user_id = ${userId}
        union all
        select m.id, m.parent_id, m.replaced_by, up.depth + 1 from messages m join up on m.id = up.parent_id
      )
      select id, parent_id, replaced_by from up order by depth desc`,
    );
    if (path.length === 0) throw notFound("Message not found.");
    if (path.every((m) => m.replaced_by === null)) return;
    // A branch is not cut while an answer of it is being written.
    const [writing] = await rowsOf<{ id: string }>(
      tx,
      sql`select id from messages
        where conversation_id = ${conversationId} and replaced_by is null and status = 'streaming' limit 1`,
    );
    if (writing) throw new AppError("CONFLICT", STREAM_MESSAGES.notLatest);
    for (const version of path) {
      if (version.replaced_by === null) continue;
      // What is in sight from the version shown now on is one branch, written in order.
      await rowsOf(
        tx,
        sql`
        with shown as (
          select s.created_at, s.id from messages s
          where s.conversation_id = ${conversationId} and s.replaced_by is null and s.id <> ${version.id}
            and ${version.parent_id === null ? sql`s.parent_id is null and s.role = 'user'` : sql`s.parent_id = ${version.parent_id}::uuid`}
        )
        update messages o set replaced_by = ${version.id}::uuid
        from shown
        where o.conversation_id = ${conversationId} and o.replaced_by is null
          and (o.created_at, o.id) >= (shown.created_at, shown.id)
        returning o.id`,
      );
      await rowsOf(
        tx,
        sql`
        with recursive back(id) as (
          select ${version.id}::uuid
          union all
          select m.id from messages m join back on m.parent_id = back.id
          where m.replaced_by = ${version.replaced_by}::uuid
        )
        update messages o set replaced_by = null where o.id in (select id from back)
        returning o.id`,
      );
    }
  });
  return listMessages(db, userId, conversationId);
}
