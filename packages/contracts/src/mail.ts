// The mail this instance made (verification, password reset, invitations), as its admins read it on
// Admin → Mail (GET /api/admin/mail). Without a mail server it is where the links wait.
import { z } from "zod";
import { limitParam } from "./query";

/** The most messages one page of the outbox may ask for; also its default. */
export const MAIL_PAGE_MAX = 50;

export const mailStatusSchema = z.enum(["outbox", "sent", "failed"]);
export type MailStatus = z.infer<typeof mailStatusSchema>;

export const outboxMessageSchema = z.object({
  id: z.string(),
  to: z.string(),
  kind: z.string(),
  subject: z.string(),
  /** Only while unsent (`outbox`): the link its addressee needs. A sent message keeps none. */
  link: z.string().nullable(),
  status: mailStatusSchema,
  /** Why the mail server refused it. */
  error: z.string().nullable(),
  createdAt: z.string(),
});
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;

/** ?before= the last id of the page before (newest first), ?limit= up to MAIL_PAGE_MAX. */
export const outboxQuerySchema = z.object({
  before: z.string().uuid("before must be a message id.").optional(),
  limit: limitParam(MAIL_PAGE_MAX).default(MAIL_PAGE_MAX),
});

export const outboxPageSchema = z.object({
  messages: z.array(outboxMessageSchema),
  /** Whether the server sends mail now; when it does not, links wait here. */
  mailConfigured: z.boolean(),
  /** The `before` of the next page, or null on the last. */
  next: z.string().nullable(),
});
export type OutboxPage = z.infer<typeof outboxPageSchema>;
