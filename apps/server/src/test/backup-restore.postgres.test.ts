// docs/deploy.md's PostgreSQL backup, done as written: pg_dump of a running instance's database,
// pg_restore into a new one, a server started on it with the same two secrets. The account, its
// session and its prompt are there. Needs pg_dump and pg_restore (Debian: postgresql-client).
import { execFile } from "node:child_process";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, afterEach, expect, it } from "vitest";
import { scratchDirs } from "./scratch-dirs";
import {
  freePort,
  signUpThroughLog,
  startServerProcess,
  waitHealthy,
  type ServerProcess,
} from "./server-process";
import { createScratchDatabase } from "./test-database";

const run = promisify(execFile);
const newDir = scratchDirs("tessera-pgdump-");
const running: ServerProcess[] = [];
const drops: (() => Promise<void>)[] = [];
afterEach(() => {
  for (const p of running.splice(0)) if (p.child.exitCode === null) p.child.kill("SIGKILL");
});
afterAll(async () => {
  for (const drop of drops.splice(0)) await drop();
});

const SECRETS = { AUTH_SECRET: "backup-restore-instance-secret-0123456789", ENCRYPTION_KEY: "ab".repeat(32) };

async function serverOn(databaseUrl: string) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const server = startServerProcess({
    PORT: String(port),
    HOST: "127.0.0.1",
    PUBLIC_URL: url,
    DATA_DIR: newDir(),
    DATABASE_URL: databaseUrl,
    ...SECRETS,
  });
  running.push(server);
  await waitHealthy(url);
  return { url, server };
}

it("pg_dump of a running instance, restored into a new database, serves the same account and data", async () => {
  const source = await createScratchDatabase("tessera_backup_src");
  const target = await createScratchDatabase("tessera_backup_dst");
  drops.push(source.drop, target.drop);

  const first = await serverOn(source.url);
  const token = await signUpThroughLog(first.url, first.server.output, "pgdump@example.com");
  const auth = { authorization: `Bearer ${token}`, "content-type": "application/json", origin: first.url };
  const made = await fetch(`${first.url}/api/prompts`, {
    method: "POST",
    headers: auth,
    body: JSON.stringify({ title: "Dumped and restored", content: "Say it twice.", category: "writing" }),
  });
  expect(made.status).toBe(201);
  const { id } = (await made.json()) as { id: string };

  // Taken while the server runs: pg_dump reads one consistent snapshot.
  const dump = join(newDir(), "tessera.dump");
  await run("pg_dump", ["--format=custom", "--no-owner", `--file=${dump}`, source.url]);
  first.server.child.kill("SIGTERM");
  await first.server.exited;
  await run("pg_restore", ["--no-owner", `--dbname=${target.url}`, dump]);

  const second = await serverOn(target.url);
  const prompt = await fetch(`${second.url}/api/prompts/${id}`, { headers: { ...auth, origin: second.url } });
  expect(prompt.status).toBe(200);
  expect(await prompt.json()).toMatchObject({ id, title: "Dumped and restored" });
  const signIn = await fetch(`${second.url}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: second.url },
    body: JSON.stringify({ email: "pgdump@example.com", password: "long enough pw" }),
  });
  expect(signIn.status).toBe(200);
}, 180_000);
