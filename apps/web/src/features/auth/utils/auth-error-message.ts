// Better Auth words its refusals in English only, whatever the page's language; the codes it sends
// with them are said here in the person's language. Other errors keep the server's own message.
import type { TFunction } from "i18next";
import { ApiError, errorMessage } from "@/lib/api-client";

/** Codes of Better Auth (and of this app's sign-in) that the auth forms can meet, with a text each. */
export const AUTH_ERROR_CODES = [
  "INVALID_EMAIL_OR_PASSWORD",
  "EMAIL_NOT_VERIFIED",
  "INVALID_EMAIL",
  "INVALID_PASSWORD",
  "PASSWORD_TOO_SHORT",
  "PASSWORD_TOO_LONG",
  "USER_ALREADY_EXISTS",
  "INVALID_TOKEN",
  "INVALID_CODE",
  "INVALID_BACKUP_CODE",
  "OTP_HAS_EXPIRED",
  "TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE",
  "INVALID_TWO_FACTOR_COOKIE",
  "BANNED_USER",
  "NO_TOKEN",
] as const;
const KNOWN = new Set<string>(AUTH_ERROR_CODES);

/** What an auth form says about `error`, in the page's language where its code is one of ours. */
export function authErrorMessage(error: unknown, t: TFunction<"auth">): string {
  if (error instanceof ApiError && KNOWN.has(error.code)) return t(`errors.${error.code}`);
  return errorMessage(error);
}
