// Start-up refresh of the shared knowledge (help articles and the model catalogue): rows are keyed
// by source_key, so a new release updates them in place and drops what it no longer ships.
import { MODEL_GROUPS, modelHelpPath } from "@tessera/contracts";
import { and, isNotNull, notInArray, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { knowledgePassages } from "../db/schema";
import { HELP_ARTICLES, HELP_TRANSLATIONS, helpArticles } from "./help-articles";

interface SharedPassage {
  sourceKey: string;
  kind: "help" | "catalogue";
  title: string;
  url: string;
  content: string;
}

export function sharedPassages(): SharedPassage[] {
  const help = HELP_ARTICLES.map((a) => ({
    sourceKey: `help:${a.slug}`,
    kind: "help" as const,
    title: a.title,
    url: `/help/${a.slug}`,
    content: a.body,
  }));
  // Each language's articles too: a person finds those of the language they chose (helpInTheirLanguage).
  const translated = (Object.keys(HELP_TRANSLATIONS) as (keyof typeof HELP_TRANSLATIONS)[]).flatMap(
    (language) =>
      helpArticles(language).map((a) => ({
        sourceKey: `help:${language}:${a.slug}`,
        kind: "help" as const,
        title: a.title,
        url: `/help/${a.slug}`,
        content: a.body,
      })),
  );
  const catalogue = MODEL_GROUPS.flatMap((g) =>
    g.models.map((m) => {
      const traits = [
        m.vision ? "It can read images (vision)." : "",
        m.research ? "It can research the web and cite sources." : "",
      ]
        .filter(Boolean)
        .join(" ");
      const best = m.bestFor?.length ? ` Best for ${m.bestFor.join(", ")}.` : "";
      return {
        sourceKey: `model:${m.id}`,
        kind: "catalogue" as const,
        title: `${m.name} (${g.title})`,
        url: modelHelpPath(m.id),
        content: `${m.name} is a model in the ${g.title} group. ${m.description}${best} ${traits}`.trim(),
      };
    }),
  );
  return [...help, ...translated, ...catalogue];
}

export async function seedKnowledge(db: Database): Promise<void> {
  const rows = sharedPassages();
  await db.transaction(async (tx) => {
    for (const row of rows) {
      await tx
        .insert(knowledgePassages)
        .values(row)
        .onConflictDoUpdate({
          target: knowledgePassages.sourceKey,
          set: { title: row.title, url: row.url, content: row.content, kind: row.kind },
          setWhere: sql`${knowledgePassages.content} is distinct from excluded.content or ${knowledgePassages.title} is distinct from excluded.title`,
        });
    }
    await tx.delete(knowledgePassages).where(
      and(
        isNotNull(knowledgePassages.sourceKey),
        notInArray(
          knowledgePassages.sourceKey,
          rows.map((r) => r.sourceKey),
        ),
      ),
    );
  });
}
