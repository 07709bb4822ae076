// A loopback TCP echo in a process of its own: the machine's round trip between two processes with no
// HTTP, JSON or database in it, to set beside a figure that crosses several such hops.
import { fork } from "node:child_process";
import { connect, createServer, type Socket } from "node:net";
import { fileURLToPath, pathToFileURL } from "node:url";

export interface Echo {
  /** One round trip of one byte, in milliseconds. */
  ping(): Promise<number>;
  stop(): Promise<void>;
}

export function startEcho(): Promise<Echo> {
  const child = fork(fileURLToPath(import.meta.url), [], {
    execArgv: ["--import", "tsx"],
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  return new Promise((resolve, reject) => {
    child.once("error", reject);
    child.once("message", (m: { port: number }) => {
      const socket: Socket = connect({ host: "127.0.0.1", port: m.port, noDelay: true }, () =>
        resolve({
          ping: () =>
            new Promise<number>((done) => {
              const at = performance.now();
              socket.once("data", () => done(performance.now() - at));
              socket.write("x");
            }),
          stop: () =>
            new Promise<void>((done) => {
              socket.destroy();
              if (child.exitCode !== null) return done();
              child.once("exit", () => done());
              child.kill("SIGTERM");
            }),
        }),
      );
      socket.once("error", reject);
    });
  });
}

function serve() {
  const server = createServer({ noDelay: true }, (socket) => socket.on("data", (b) => socket.write(b)));
  server.listen(0, "127.0.0.1", () => {
    const address = server.address();
    if (address && typeof address === "object") process.send?.({ port: address.port });
  });
  process.once("SIGTERM", () => process.exit(0));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) serve();
