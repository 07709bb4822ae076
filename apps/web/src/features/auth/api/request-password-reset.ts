import { apiRequest } from "@/lib/api-client";

export const RESET_PASSWORD_PATH = "/auth/reset-password";

/** Mails a reset link that ends at /auth/reset-password?token=… (or ?error=INVALID_TOKEN). */
export async function requestPasswordReset(email: string): Promise<void> {
  await apiRequest("/api/auth/request-password-reset", {
    method: "POST",
    body: { email, redirectTo: RESET_PASSWORD_PATH },
    auth: false,
  });
}
