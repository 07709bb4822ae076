// The real process: start-up refuses bad configuration readably, data survives a restart, and
// SIGTERM drains and closes the database before exiting 0.
import type { ChildProcess } from "node:child_process";
import { afterEach, describe, expect, it } from "vitest";
import { scratchDirs } from "./test/scratch-dirs";
import { freePort, startServerProcess, waitHealthy } from "./test/server-process";

const scratch = scratchDirs("tessera-main-");

const running: ChildProcess[] = [];
afterEach(() => {
  for (const p of running.splice(0)) if (p.exitCode === null) p.kill("SIGKILL");
});

function start(env: Record<string, string>) {
  const p = startServerProcess(env);
  running.push(p.child);
  return p;
}

describe("the server process", () => {
  it("stops at start-up with a readable list when the configuration is bad", async () => {
    const p = start({
      PORT: "eighty",
      DATABASE_URL: "mysql://nope",
      DATA_DIR: scratch(),
    });
    expect(await p.exited).toBe(1);
    expect(p.output()).toContain("Invalid configuration");
    expect(p.output()).toContain("PORT");
    expect(p.output()).toContain("DATABASE_URL: must be a URL starting with postgres://");
    expect(p.output()).not.toMatch(/\n\s+at /);
  });

  it("prints the URL, keeps data across a restart, and shuts down cleanly on SIGTERM", async () => {
    const dataDir = scratch();
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const env = { PORT: String(port), HOST: "127.0.0.1", PUBLIC_URL: url, DATA_DIR: dataDir };

    const first = start(env);
    await waitHealthy(url);
    expect(first.output()).toContain(`open ${url}`);
    const signUp = await fetch(`${url}/api/auth/sign-up/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: url },
      body: JSON.stringify({ email: "kept@example.com", password: "long enough pw", name: "Kept" }),
    });
    expect(signUp.status).toBe(200);
    const browser = signUp.headers.get("set-cookie")!.split(";")[0]!;
    const link = /"kind":"verify-email","link":"([^"]+)"/.exec(first.output())?.[1];
    expect(link).toBeDefined();
    // No mail server: the link is also printed on a plain line of its own for whoever runs it, and
    // every log line is still one JSON object.
    expect(first.output()).toContain(`\n  ${link}\n`);
    expect(first.output()).toContain('No mail server, so this mail was not sent: "');
    for (const line of first
      .output()
      .split("\n")
      .filter((l) => l.startsWith("{")))
      expect(() => JSON.parse(line) as unknown).not.toThrow();
    expect(first.output()).not.toMatch(/"say":/);
    first.child.kill("SIGTERM");
    expect(await first.exited).toBe(0);
    expect(first.output()).toContain('"event":"boot.stopped"');

    const second = start(env);
    await waitHealthy(url);
    // The account and the secrets survived the restart: the mailed link still confirms it and signs in.
    const verified = await fetch(link!, { redirect: "manual", headers: { cookie: browser } });
    expect(verified.status).toBe(302);
    expect(verified.headers.getSetCookie().some((c) => c.startsWith("better-auth.session_token="))).toBe(
      true,
    );
    const signIn = await fetch(`${url}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: url },
      body: JSON.stringify({ email: "kept@example.com", password: "long enough pw" }),
    });
    expect(signIn.status).toBe(200);
    second.child.kill("SIGTERM");
    expect(await second.exited).toBe(0);
  }, 60_000);
});
