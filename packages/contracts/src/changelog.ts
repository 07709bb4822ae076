// Release notes: the spec's changelog-upsert payload and the list the "What's new" dialog reads.
import { z } from "zod";

export const changelogUpsertSchema = z.object({
  version: z
    .string()
    .trim()
    .regex(/^\d+\.\d+\.\d+$/, "a version like 3.25.0"),
  title: z.string().trim().min(1).max(200),
  description: z.string().trim().min(1).max(5000),
});
export type ChangelogUpsert = z.infer<typeof changelogUpsertSchema>;

export const changelogEntrySchema = changelogUpsertSchema.extend({
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ChangelogEntry = z.infer<typeof changelogEntrySchema>;

export const changelogListSchema = z.object({ entries: z.array(changelogEntrySchema) });
export type ChangelogList = z.infer<typeof changelogListSchema>;
