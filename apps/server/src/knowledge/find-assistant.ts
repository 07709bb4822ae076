// Which assistants a person may see and use: built-in ones, their own, and others' public ones.
// Shared by the assistants feature (to list and edit) and chat (to answer as one).
import { and, eq, isNull, or } from "drizzle-orm";
import type { Database } from "../db/client";
import { assistants } from "../db/schema";
import { notFound } from "../lib/errors";

export const visibleAssistantsOf = (userId: string) =>
  or(isNull(assistants.userId), eq(assistants.userId, userId), eq(assistants.isPublic, true));

export async function findVisibleAssistant(db: Database, userId: string, id: string) {
  const [row] = await db
    .select()
    .from(assistants)
    .where(and(eq(assistants.id, id), visibleAssistantsOf(userId)));
  if (!row) throw notFound("Assistant not found.");
  return row;
}
