// Mail: every message is recorded in the outbox. With SMTP_URL it is also sent; without it, the link
// is written to the log at info level so a first run needs no mail server.
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

export function createMailer(opts: { db: Database; logger: Logger; smtpUrl?: string; from: string }): Mailer {
  // The SMTP client loads only on an instance that sends mail.
  const smtpUrl = opts.smtpUrl;
  let loaded: Promise<Transporter> | null = null;
  const smtp = () => (loaded ??= import("nodemailer").then((m) => m.createTransport(smtpUrl)));
  return {
    async send(message) {
      if (!smtpUrl) {
        await opts.db.insert(mailOutbox).values({ ...message, status: "outbox" });
        opts.logger.info(
          { event: "mail.outbox", to: message.to, kind: message.kind, link: message.link },
          "mail kept in outbox",
        );
        return;
      }
      try {
        const transport = await smtp();
        await transport.sendMail({
          from: opts.from,
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
          { event: "mail.failed", to: message.to, kind: message.kind, err: cause },
          "mail failed",
        );
        throw cause;
      }
    },
  };
}
