// A loopback TCP echo in a process of its own: the machine's round trip between two processes with no
// HTTP, JSON or database in it, to set beside a figure that crosses several such hops.
import { connect, createServer, type AddressInfo, type Socket } from "node:net";
import { forkServer, isChild, reportPort } from "./child-server";

export interface Echo {
  /** One round trip of one byte, in milliseconds. */
  ping(): Promise<number>;
  stop(): Promise<void>;
}

export async function startEcho(): Promise<Echo> {
  const server = await forkServer(import.meta.url, "echo");
  return new Promise((resolve, reject) => {
    const socket: Socket = connect({ host: "127.0.0.1", port: server.port, noDelay: true }, () =>
      resolve({
        ping: () =>
          new Promise<number>((done) => {
            const at = performance.now();
            socket.once("data", () => done(performance.now() - at));
            socket.write("x");
          }),
        stop: () => {
          socket.destroy();
          return server.stop();
        },
      }),
    );
    socket.once("error", reject);
  });
}

function serve() {
  const server = createServer({ noDelay: true }, (socket) => socket.on("data", (b) => socket.write(b)));
  server.listen(0, "127.0.0.1", () => reportPort((server.address() as AddressInfo).port));
  process.once("SIGTERM", () => process.exit(0));
}

if (isChild(import.meta.url)) serve();
