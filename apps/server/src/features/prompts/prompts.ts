// Prompt library use cases. Visible to a person: built-in prompts, their own, and others' public
// ones. Only the owner changes a prompt: someone else's private prompt is a 404, a public one 403.
import type { PromptTemplate, createPromptSchema, updatePromptSchema } from "@tessera/contracts";
import { and, desc, eq, isNull, or, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Database } from "../../db/client";
import { prompts } from "../../db/schema";
import { AppError, notFound } from "../../lib/errors";
import { BUILT_IN_PROMPTS } from "./built-in-prompts";

type Row = typeof prompts.$inferSelect;

/** The source_key prefix of a built-in prompt: `system:<key>`. */
const SYSTEM_KEY = "system:";

const toPrompt = (row: Row, userId: string): PromptTemplate => ({
  id: row.id,
  title: row.title,
  description: row.description,
  content: row.content,
  category: row.category as PromptTemplate["category"],
  tags: row.tags,
  isPublic: row.userId === null ? true : row.isPublic,
  userId: row.userId,
  usageCount: row.usageCount,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
  isSystem: row.userId === null,
  builtIn:
    row.userId === null && row.sourceKey?.startsWith(SYSTEM_KEY)
      ? row.sourceKey.slice(SYSTEM_KEY.length)
      : null,
  isOwned: row.userId === userId,
});

const visibleTo = (userId: string) =>
  or(isNull(prompts.userId), eq(prompts.userId, userId), eq(prompts.isPublic, true));

/** Inserts the built-in prompts once; later starts leave their usage counts alone. */
export async function seedBuiltInPrompts(db: Database): Promise<void> {
  for (const p of BUILT_IN_PROMPTS) {
    await db
      .insert(prompts)
      .values({
        sourceKey: `${SYSTEM_KEY}${p.key}`,
        title: p.title,
        description: p.description,
        content: p.content,
        category: p.category,
        tags: p.tags,
        isPublic: true,
        usageCount: p.usageCount,
      })
      .onConflictDoUpdate({
        target: prompts.sourceKey,
        set: {
          title: p.title,
          description: p.description,
          content: p.content,
          category: p.category,
          tags: p.tags,
        },
      });
  }
}

export async function listPrompts(
  db: Database,
  userId: string,
  filter: { category?: string; q?: string },
): Promise<PromptTemplate[]> {
  const conditions = [visibleTo(userId)];
  if (filter.category) conditions.push(eq(prompts.category, filter.category));
  if (filter.q) {
    const like = `%${filter.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(
      sql`(${prompts.title} ilike ${like} or ${prompts.description} ilike ${like} or ${prompts.tags}::text ilike ${like})`,
    );
  }
  const rows = await db
    .select()
    .from(prompts)
    .where(and(...conditions))
    .orderBy(desc(prompts.usageCount), prompts.title)
    .limit(200);
  return rows.map((r) => toPrompt(r, userId));
}

async function visiblePrompt(db: Database, userId: string, id: string): Promise<Row> {
  const [row] = await db
    .select()
    .from(prompts)
    .where(and(eq(prompts.id, id), visibleTo(userId)));
  if (!row) throw notFound("Prompt not found.");
  return row;
}

async function ownPrompt(db: Database, userId: string, id: string): Promise<Row> {
  const row = await visiblePrompt(db, userId, id);
  if (row.userId !== userId)
    throw new AppError("FORBIDDEN", "Only the person who wrote this prompt can change it.");
  return row;
}

export async function getPrompt(db: Database, userId: string, id: string) {
  return toPrompt(await visiblePrompt(db, userId, id), userId);
}

export async function createPrompt(db: Database, userId: string, input: z.output<typeof createPromptSchema>) {
  const [row] = await db
    .insert(prompts)
    .values({ ...input, userId })
    .returning();
  return toPrompt(row!, userId);
}

export async function updatePrompt(
  db: Database,
  userId: string,
  id: string,
  input: z.output<typeof updatePromptSchema>,
) {
  await ownPrompt(db, userId, id);
  const [row] = await db
    .update(prompts)
    .set({ ...input, updatedAt: sql`now()` })
    .where(eq(prompts.id, id))
    .returning();
  return toPrompt(row!, userId);
}

export async function deletePrompt(db: Database, userId: string, id: string) {
  await ownPrompt(db, userId, id);
  await db.delete(prompts).where(eq(prompts.id, id));
}

/** Counts a use of any prompt the person can see. */
export async function usePrompt(db: Database, userId: string, id: string) {
  await visiblePrompt(db, userId, id);
  const [row] = await db
    .update(prompts)
    .set({ usageCount: sql`${prompts.usageCount} + 1` })
    .where(eq(prompts.id, id))
    .returning();
  return toPrompt(row!, userId);
}
