// The server as its own process, for tests of what only a process shows: start-up, signals, restarts,
// memory. Started from source with tsx, given only the variables a test names, on a free loopback port.
import { spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";
import { resolve } from "node:path";

export const serverRoot = resolve(import.meta.dirname, "../..");

export const freePort = () =>
  new Promise<number>((done) => {
    const s = createServer().listen(0, "127.0.0.1", () => {
      const { port } = s.address() as { port: number };
      s.close(() => done(port));
    });
  });

export interface ServerProcess {
  child: ChildProcess;
  exited: Promise<number | null>;
  /** Everything it wrote to stdout and stderr so far. */
  output: () => string;
}

/** Starts `src/main.ts` with exactly `env` (LOG_LEVEL info unless given): nothing of the runner's leaks in. */
export function startServerProcess(env: Record<string, string>, nodeArgs: string[] = []): ServerProcess {
  const child = spawn(process.execPath, [...nodeArgs, "--import", "tsx", "src/main.ts"], {
    cwd: serverRoot,
    env: { LOG_LEVEL: "info", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout.on("data", (d: Buffer) => (out += d.toString()));
  child.stderr.on("data", (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((done) => child.once("exit", (code) => done(code)));
  return { child, exited, output: () => out };
}

/** Polls /api/health every 100 ms until it answers 200, for at most `seconds`. */
export async function waitHealthy(url: string, seconds = 60): Promise<void> {
  for (let i = 0; i < seconds * 10; i++) {
    const ok = await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("server never became healthy");
}

/** Signs up, follows the verification link the process logged (no SMTP), signs in: a bearer token. */
export async function signUpThroughLog(url: string, output: () => string, email: string): Promise<string> {
  const headers = { "content-type": "application/json", origin: url };
  const password = "long enough pw";
  const signUp = await fetch(`${url}/api/auth/sign-up/email`, {
    method: "POST",
    headers,
    body: JSON.stringify({ email, password, name: "Sam", callbackURL: "/" }),
  });
  if (signUp.status !== 200) throw new Error(`sign-up answered ${signUp.status}`);
  let link: string | undefined;
  for (let i = 0; i < 200 && !link; i++) {
    link = new RegExp(`"to":"${email}","kind":"verify-email","link":"([^"]+)"`).exec(output())?.[1];
    if (!link) await new Promise((r) => setTimeout(r, 50));
  }
  if (!link) throw new Error(`no verification link for ${email} in the log`);
  // The link signs in only in the browser that signed up, which its cookie names.
  const browser = signUp.headers.get("set-cookie")?.split(";")[0] ?? "";
  const verified = await fetch(link, { redirect: "manual", headers: { cookie: browser } });
  if (verified.status !== 302) throw new Error(`verification answered ${verified.status}`);
  const signIn = await fetch(`${url}/api/auth/sign-in/email`, {
    method: "POST",
    headers,
    body: JSON.stringify({ email, password }),
  });
  const token = signIn.headers.get("set-auth-token");
  if (signIn.status !== 200 || !token) throw new Error(`sign-in answered ${signIn.status}`);
  return token;
}

/** The `data:` events of event-stream text. */
const eventsOf = (text: string) =>
  text
    .split("\n\n")
    .map((block) =>
      block
        .split("\n")
        .filter((l) => l.startsWith("data:"))
        .map((l) => l.slice(5).trim())
        .join(""),
    )
    .filter(Boolean)
    .map((data) => JSON.parse(data) as { type: string; [key: string]: unknown });

/** An answer streaming from a process: what has arrived so far, read on in the background. */
export interface OpenStream {
  raw(): string;
  events(): { type: string; [key: string]: unknown }[];
  /** The text of its chunks so far. */
  text(): string;
  /** Resolves when the stream ends (its closing event, or the connection breaking). */
  ended: Promise<void>;
}

/**
 * Opens a chat stream on `url` and resolves once `chunks` chunks have arrived; the rest is read on in
 * the background.
 */
export async function openChatStream(
  url: string,
  token: string,
  chunks: number,
  body: Record<string, unknown>,
): Promise<OpenStream> {
  const res = await fetch(`${url}/api/chat-stream`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}`, origin: url },
    body: JSON.stringify(body),
  });
  if (res.status !== 200) throw new Error(`chat-stream answered ${res.status}`);
  const reader = res.body!.getReader() as ReadableStreamDefaultReader<Uint8Array>;
  const decoder = new TextDecoder();
  let raw = "";
  let enough: () => void = () => undefined;
  const arrived = new Promise<void>((resolve) => (enough = resolve));
  const chunksSoFar = () =>
    eventsOf(raw.slice(0, raw.lastIndexOf("\n\n") + 2)).filter((e) => e.type === "chunk");
  const stream: OpenStream = {
    raw: () => raw,
    events: () => eventsOf(raw.slice(0, raw.lastIndexOf("\n\n") + 2)),
    text: () =>
      stream
        .events()
        .filter((e) => e.type === "chunk")
        .map((e) => e.content as string)
        .join(""),
    ended: (async () => {
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          raw += decoder.decode(value, { stream: true });
          if (chunksSoFar().length >= chunks) enough();
        }
      } catch {
        // The connection broke (the process was killed).
      }
      enough();
    })(),
  };
  await arrived;
  return stream;
}
