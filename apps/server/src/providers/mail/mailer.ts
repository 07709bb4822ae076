// Mail: every message is recorded in the outbox. With an SMTP server (an SMTP connection on Admin →
// Connections, else SMTP_URL) it is also sent; without one, the link is written to the log at info
// level, and on a plain line of its own for the console (the log's `say`), so a first run needs no
// mail server.
import type { Transporter } from "nodemailer";
import { mailOutbox } from "../../db/schema";
import type { Database } from "../../db/client";
import type { Logger } from "../../lib/logger";

export interface MailMessage {
  to: string;
  kind: "verify-email" | "reset-password" | "invitation" | "account-exists";
  subject: string;
  text: string;
  link: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** Where mail goes out: an smtp:// or smtps:// address (with its password), and the sender. */
export interface SmtpSettings {
  url: string;
  from: string;
}

/** How long an SMTP server may take to answer each step, so a dead one fails instead of hanging. */
export const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

export function createMailer(opts: {
  db: Database;
  logger: Logger;
  /** Read for every message: a server connected or changed on the page is used from the next one. */
  smtp: () => SmtpSettings | null;
  /** The instance's name (Admin → Settings), read for every message: it leads each subject when set. */
  instanceName?: () => string | null;
}): Mailer {
  // The SMTP client loads only on an instance that sends mail, and is made again when the server changes.
  let made: { url: string; transport: Promise<Transporter> } | null = null;
  const transportFor = (url: string) => {
    if (made?.url !== url)
      made = {
        url,
        transport: import("nodemailer").then((m) => m.createTransport({ url, ...SMTP_TIMEOUTS })),
      };
    return made.transport;
  };
  return {
    async send(unnamed) {
      const name = opts.instanceName?.();
      const message = name ? { ...unnamed, subject: `[${name}] ${unnamed.subject}` } : unnamed;
      const smtp = opts.smtp();
      if (!smtp) {
        await opts.db.insert(mailOutbox).values({ ...message, status: "outbox" });
        opts.logger.info(
          {
            event: "mail.outbox",
            to: message.to,
            kind: message.kind,
            link: message.link,
            // Whoever runs the server hands this link on: on a line of its own, to copy or click.
            say: `  No mail server, so this mail was not sent: "${message.subject}" to ${message.to}.\n  ${message.link}`,
          },
          "mail kept in outbox",
        );
        return;
      }
      try {
        const transport = await transportFor(smtp.url);
        await transport.sendMail({
          from: smtp.from,
          to: message.to,
          subject: message.subject,
          text: message.text,
        });
        await opts.db.insert(mailOutbox).values({ ...message, link: null, status: "sent" });
        opts.logger.info({ event: "mail.sent", to: message.to, kind: message.kind }, "mail sent");
      } catch (cause) {
        const error = cause instanceof Error ? cause.message : String(cause);
        await opts.db.insert(mailOutbox).values({ ...message, link: null, status: "failed", error });
        opts.logger.error(
          { event: "mail.failed", to: message.to, kind: message.kind, err: error },
          "mail failed",
        );
        throw cause;
      }
    },
  };
}

/**
 * Signs in to an SMTP server without sending anything (EHLO, STARTTLS where offered, AUTH): what a
 * connection's Test does. Rejects with the server's own words.
 */
export async function verifySmtp(url: string): Promise<void> {
  const { createTransport } = await import("nodemailer");
  const transport = createTransport({ url, ...SMTP_TIMEOUTS });
  try {
    await transport.verify();
  } finally {
    transport.close();
  }
}
