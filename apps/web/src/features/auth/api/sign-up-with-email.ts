import { apiRequest } from "@/lib/api-client";

/**
 * Creates the account; the server mails a verification link that lands on the site root. Cookies
 * are on so this browser keeps the sign-up's cookie: the link signs in only where it is.
 */
export async function signUpWithEmail(input: {
  name: string;
  email: string;
  password: string;
}): Promise<void> {
  await apiRequest("/api/auth/sign-up/email", {
    method: "POST",
    body: { name: input.name, email: input.email, password: input.password, callbackURL: "/" },
    auth: false,
    credentials: "same-origin",
  });
}
