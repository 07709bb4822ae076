import { apiRequest } from "@/lib/api-client";

export async function resetPassword(input: { token: string; newPassword: string }): Promise<void> {
  await apiRequest("/api/auth/reset-password", {
    method: "POST",
    body: { newPassword: input.newPassword, token: input.token },
    auth: false,
  });
}
