import { pino, type Logger } from "pino";

export type { Logger };

/**
 * Log lines are events (`http.request`, `auth.mail.outbox`) with fields; secrets are redacted.
 *
 * A log call may also carry `say`: words for the person watching the console (an unsent mail's
 * link). With `say` given here they are handed to it as plain text (main.ts writes them to stderr),
 * and left out of the JSON line, so stdout stays one JSON object a line for whatever reads the logs.
 */
export function createLogger(level: string, opts: { say?: (text: string) => void } = {}): Logger {
  const { say } = opts;
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
    hooks: {
      logMethod(args, method) {
        const [first, ...rest] = args;
        if (first && typeof first === "object" && "say" in first) {
          const { say: words, ...fields } = first;
          if (say && typeof words === "string") say(words);
          return method.apply(this, [fields, ...rest] as Parameters<typeof method>);
        }
        return method.apply(this, args);
      },
    },
  });
}
