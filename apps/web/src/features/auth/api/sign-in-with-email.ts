import { ApiError, apiRequest } from "@/lib/api-client";
import { readSessionUser, type SessionUser } from "@/lib/auth-storage";
import { object, string, validator } from "@/lib/guards";

const signInResponseSchema = validator(
  (value): { twoFactorRedirect: true } | { token: string | null; user: SessionUser } => {
    const answer = object(value, "");
    if (answer.twoFactorRedirect === true) return { twoFactorRedirect: true };
    return {
      token: answer.token === null ? null : string(answer.token, "token"),
      user: readSessionUser(answer.user),
    };
  },
);

export type SignInResult = { kind: "signed-in"; token: string; user: SessionUser } | { kind: "two-factor" };

/**
 * An unconfirmed address is refused as a wrong password is (the server tells nobody which
 * addresses have accounts); its message points at the confirmation mail. Cookies are on so the
 * two-factor challenge cookie is kept for the code step. When two-factor is
 * on, the `set-auth-token` that comes along belongs to a dead session and is ignored.
 */
export async function signInWithEmail(input: { email: string; password: string }): Promise<SignInResult> {
  const { data, headers } = await apiRequest("/api/auth/sign-in/email", {
    method: "POST",
    body: input,
    auth: false,
    credentials: "same-origin",
    schema: signInResponseSchema,
  });
  if ("twoFactorRedirect" in data) return { kind: "two-factor" };
  const token = headers.get("set-auth-token") || data.token;
  if (!token) throw new ApiError(500, "NO_TOKEN", "The server did not return a session. Try again.");
  return { kind: "signed-in", token, user: data.user };
}
