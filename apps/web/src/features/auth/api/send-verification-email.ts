import { apiRequest } from "@/lib/api-client";

/** Mails a fresh verification link (at most one a minute per address; the server says so otherwise). */
export async function sendVerificationEmail(email: string): Promise<void> {
  await apiRequest("/api/auth/send-verification-email", {
    method: "POST",
    body: { email, callbackURL: "/" },
    auth: false,
  });
}
