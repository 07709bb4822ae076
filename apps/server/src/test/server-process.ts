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
