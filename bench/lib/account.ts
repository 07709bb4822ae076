// A person for the benchmarks, made the way anyone is: sign up, follow the verification link, sign
// in for a bearer token. Without SMTP the server keeps the mail in its outbox and logs the link at
// info level, which is where this reads it; the server must run with LOG_LEVEL=info.
import type { RunningServer } from "./server";

const PASSWORD = "correct horse battery staple";

export async function signUpAndIn(server: RunningServer, email: string): Promise<string> {
  const headers = { "content-type": "application/json", origin: server.url };
  const mail = server.waitForLog(
    (l) => l.event === "mail.outbox" && l.to === email && l.kind === "verify-email",
  );
  const signUp = await fetch(`${server.url}/api/auth/sign-up/email`, {
    method: "POST",
    headers,
    body: JSON.stringify({ email, password: PASSWORD, name: "Bench Person", callbackURL: "/" }),
  });
  if (!signUp.ok) throw new Error(`sign-up answered ${signUp.status}`);
  const link = new URL((await mail).link as string);
  // The link signs in only in the browser that signed up, which its cookie names.
  const browser = signUp.headers.get("set-cookie")?.split(";")[0] ?? "";
  const verified = await fetch(`${server.url}${link.pathname}${link.search}`, {
    redirect: "manual",
    headers: { ...headers, cookie: browser },
  });
  if (verified.status !== 302) throw new Error(`verification answered ${verified.status}`);
  const signIn = await fetch(`${server.url}/api/auth/sign-in/email`, {
    method: "POST",
    headers,
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  const token = signIn.headers.get("set-auth-token");
  if (!signIn.ok || !token) throw new Error(`sign-in answered ${signIn.status}`);
  return token;
}
