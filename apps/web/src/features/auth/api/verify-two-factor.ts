import { ApiError, apiRequest } from "@/lib/api-client";
import { readSessionUser, type SessionUser } from "@/lib/auth-storage";
import { nullishString, object, validator } from "@/lib/guards";

export type TwoFactorMethod = "totp" | "backup-code";

const verifyResponseSchema = validator((value) => {
  const answer = object(value, "");
  return { token: nullishString(answer.token, "token"), user: readSessionUser(answer.user) };
});

/** Second sign-in step: the code proves the challenge that the two-factor cookie names. */
export async function verifyTwoFactor(input: {
  code: string;
  method: TwoFactorMethod;
}): Promise<{ token: string; user: SessionUser }> {
  const path =
    input.method === "totp" ? "/api/auth/two-factor/verify-totp" : "/api/auth/two-factor/verify-backup-code";
  const { data, headers } = await apiRequest(path, {
    method: "POST",
    body: { code: input.code },
    auth: false,
    credentials: "same-origin",
    schema: verifyResponseSchema,
  });
  const token = headers.get("set-auth-token") || data.token;
  if (!token) throw new ApiError(500, "NO_TOKEN", "The server did not return a session. Sign in again.");
  return { token, user: data.user };
}
