// A loopback server of the bench's in a process of its own, so its work never shares the client's or
// Tessera's event loop: the module forks itself under tsx, and the child tells the parent its port.
import { fork } from "node:child_process";
import { fileURLToPath, pathToFileURL } from "node:url";

export interface ChildServer {
  port: number;
  pid: number;
  stop(): Promise<void>;
}

/** Runs the module at `moduleUrl` as a child (with `args`) and waits for the port it listens on. */
export function forkServer(moduleUrl: string, name: string, args: string[] = []): Promise<ChildServer> {
  const child = fork(fileURLToPath(moduleUrl), args, {
    execArgv: ["--import", "tsx"],
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  return new Promise((resolve, reject) => {
    child.once("error", reject);
    child.once("exit", (code) => reject(new Error(`the ${name} exited (${code})`)));
    child.once("message", (m: { port: number }) =>
      resolve({
        port: m.port,
        pid: child.pid!,
        stop: () =>
          new Promise<void>((done) => {
            if (child.exitCode !== null) return done();
            child.once("exit", () => done());
            child.kill("SIGTERM");
          }),
      }),
    );
  });
}

/** In the child, once it listens: tells the parent, and never outlives it. */
export function reportPort(port: number): void {
  process.send?.({ port });
  process.on("disconnect", () => process.exit(0));
}

/** The module at `moduleUrl` is the one the process was started with: the forked child. */
export const isChild = (moduleUrl: string) =>
  Boolean(process.argv[1]) && moduleUrl === pathToFileURL(process.argv[1]!).href;
