// Admin → Mail: the outbox, read by an instance admin. Without a mail server it is where the
// confirmation and reset links wait for someone to hand them on.
import { outboxQuerySchema, type OutboxPage } from "@tessera/contracts";
import { Hono } from "hono";
import type { Database } from "../../db/client";
import type { AppEnv } from "../../lib/context";
import { AppError } from "../../lib/errors";
import { parseWith } from "../../lib/validate";
import { listOutbox } from "./list-outbox";

export interface MailDeps {
  db: Database;
  adminEmails: readonly string[];
  /** Whether mail goes out now (a connection or SMTP_URL), read on every request. */
  mailConfigured: () => boolean;
}

export function mailRoutes(deps: MailDeps) {
  return new Hono<AppEnv>().get("/admin/mail", async (c) => {
    const { user } = c.get("session");
    if (user.role !== "admin" && !deps.adminEmails.includes(user.email.toLowerCase()))
      throw new AppError("FORBIDDEN", "Only administrators of this instance can read its mail.");
    const query = parseWith(outboxQuerySchema, c.req.query());
    const body: OutboxPage = { ...(await listOutbox(deps.db, query)), mailConfigured: deps.mailConfigured() };
    return c.json(body);
  });
}
