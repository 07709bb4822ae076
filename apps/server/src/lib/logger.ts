import { pino, type Logger } from "pino";

export type { Logger };

/** Log lines are events (`http.request`, `auth.mail.outbox`) with fields; secrets are redacted. */
export function createLogger(level: string): Logger {
  return pino({
    level,
    base: { service: "tessera" },
    redact: {
      paths: [
        "*.authorization",
        "*.cookie",
        "*.password",
        "*.token",
        "*.secret",
        "req.headers.authorization",
      ],
      censor: "[redacted]",
    },
  });
}
