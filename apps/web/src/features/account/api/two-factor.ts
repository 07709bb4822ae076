// Two-factor enrolment from the settings page. Confirming and disabling both rotate the session:
// the server deletes the old one and answers the new token in `set-auth-token`.
import { z } from "zod";
import { apiRequest } from "@/lib/api-client";

const enableResponseSchema = z.object({ totpURI: z.string(), backupCodes: z.array(z.string()) });
export type TwoFactorEnrolment = z.infer<typeof enableResponseSchema>;

/** Starts enrolment: a secret (inside totpURI) and backup codes; two-factor is on once a code is confirmed. */
export async function enableTwoFactor(password: string): Promise<TwoFactorEnrolment> {
  return (
    await apiRequest("/api/auth/two-factor/enable", {
      method: "POST",
      body: { password },
      schema: enableResponseSchema,
    })
  ).data;
}

/** Confirms enrolment with a code from the app. Answers the new session token, if the server sent one. */
export async function confirmTwoFactor(code: string): Promise<string | null> {
  const { headers } = await apiRequest("/api/auth/two-factor/verify-totp", {
    method: "POST",
    body: { code },
  });
  return headers.get("set-auth-token");
}

export async function disableTwoFactor(password: string): Promise<string | null> {
  const { headers } = await apiRequest("/api/auth/two-factor/disable", {
    method: "POST",
    body: { password },
  });
  return headers.get("set-auth-token");
}

/** The base32 secret inside an otpauth:// URI, for typing into an app by hand. */
export function secretOf(totpURI: string): string | null {
  try {
    return new URL(totpURI).searchParams.get("secret");
  } catch {
    return null;
  }
}
