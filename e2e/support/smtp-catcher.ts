// A loopback SMTP server that writes every message it receives as a JSON file, so test workers
// (other processes) can read the mail the app sent.
import { mkdirSync, renameSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { SMTPServer } from "smtp-server";

export async function startSmtpCatcher(dir: string): Promise<{ port: number; close: () => Promise<void> }> {
  mkdirSync(dir, { recursive: true });
  let n = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
        const raw = Buffer.concat(chunks).toString("utf8");
        // Written beside, then renamed: a reader never sees half a mail.
        const name = `${Date.now()}-${n++}.json`;
        writeFileSync(join(dir, `.${name}.part`), JSON.stringify({ to, raw }));
        renameSync(join(dir, `.${name}.part`), join(dir, name));
        callback();
      });
    },
  });
  const port = await new Promise<number>((resolve) =>
    server.listen(0, "127.0.0.1", () => resolve((server.server.address() as AddressInfo).port)),
  );
  return { port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
