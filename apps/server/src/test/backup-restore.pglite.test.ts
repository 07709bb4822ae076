// docs/deploy.md's PGlite backup, done as written: stop the server, copy DATA_DIR, start another server
// on the copy. The account, its session, its prompt and the generated secrets all come back.
import { cpSync } from "node:fs";
import { join } from "node:path";
import { afterEach, expect, it } from "vitest";
import { scratchDirs } from "./scratch-dirs";
import {
  freePort,
  signUpThroughLog,
  startServerProcess,
  waitHealthy,
  type ServerProcess,
} from "./server-process";

const newDir = scratchDirs("tessera-backup-");
const running: ServerProcess[] = [];
afterEach(() => {
  for (const p of running.splice(0)) if (p.child.exitCode === null) p.child.kill("SIGKILL");
});

async function serverOn(dataDir: string) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const server = startServerProcess({
    PORT: String(port),
    HOST: "127.0.0.1",
    PUBLIC_URL: url,
    DATA_DIR: dataDir,
  });
  running.push(server);
  await waitHealthy(url);
  return { url, server };
}

it("a copy of a stopped server's DATA_DIR starts with every account, session and prompt in it", async () => {
  const original = newDir();
  const first = await serverOn(original);
  const token = await signUpThroughLog(first.url, first.server.output, "backup@example.com");
  const auth = { authorization: `Bearer ${token}`, "content-type": "application/json", origin: first.url };
  const made = await fetch(`${first.url}/api/prompts`, {
    method: "POST",
    headers: auth,
    body: JSON.stringify({ title: "Kept across a restore", content: "Say it twice.", category: "writing" }),
  });
  expect(made.status).toBe(201);
  const { id } = (await made.json()) as { id: string };

  first.server.child.kill("SIGTERM");
  expect(await first.server.exited).toBe(0);
  const restored = join(newDir(), "data");
  cpSync(original, restored, { recursive: true });

  const second = await serverOn(restored);
  const headers = { ...auth, origin: second.url };
  // The old session still signs in: the same database rows and the same AUTH_SECRET (secrets.json).
  const prompt = await fetch(`${second.url}/api/prompts/${id}`, { headers });
  expect(prompt.status).toBe(200);
  expect(await prompt.json()).toMatchObject({ id, title: "Kept across a restore" });
  const signIn = await fetch(`${second.url}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: second.url },
    body: JSON.stringify({ email: "backup@example.com", password: "long enough pw" }),
  });
  expect(signIn.status).toBe(200);
}, 120_000);
