import { z } from "zod";
import { httpUrlSchema } from "./http-url";

export const FULL_NAME_MAX = 120;
export const AVATAR_URL_MAX = 2048;

const httpUrl = httpUrlSchema(AVATAR_URL_MAX);

/** The languages Tessera speaks (BCP 47), English first: the web app's and the server's texts. */
export const LANGUAGE_CODES = ["en", "de", "fr", "es", "pt-BR", "zh-CN", "ja", "ar"] as const;
export const languageCodeSchema = z.enum(LANGUAGE_CODES);
export type LanguageCode = z.infer<typeof languageCodeSchema>;

export const updateProfileSchema = z
  .object({
    fullName: z.string().trim().min(1, "must not be blank").max(FULL_NAME_MAX).optional(),
    avatarUrl: z.union([httpUrl, z.literal("").transform(() => null), z.null()]).optional(),
    /** The person's language; null goes back to the browser's. */
    language: languageCodeSchema.nullable().optional(),
  })
  .strict()
  .refine(
    (v) => v.fullName !== undefined || v.avatarUrl !== undefined || v.language !== undefined,
    "send fullName, avatarUrl or language",
  );
export type UpdateProfileInput = z.input<typeof updateProfileSchema>;

export const profileSchema = z.object({
  id: z.string(),
  userId: z.string(),
  email: z.string(),
  fullName: z.string().nullable(),
  /** The address the person gave for their picture. */
  avatarUrl: z.string().nullable(),
  /** Our own copy of that picture (same origin, so the CSP allows it), or null. */
  avatarSrc: z.string().nullable(),
  role: z.string().nullable(),
  twoFactorEnabled: z.boolean(),
  /** The language the person chose (Account), used for the app and their mail; null: the browser's. */
  language: languageCodeSchema.nullable().default(null),
});
export type Profile = z.infer<typeof profileSchema>;
