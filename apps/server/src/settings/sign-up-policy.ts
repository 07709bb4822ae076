// Who may create an account (Admin → Settings), checked at the auth edge before Better Auth sees a
// sign-up. Closed: nobody new. An address with a pending team invitation may always join otherwise;
// invite only: nobody else. Allowed domains: only addresses at one of them (exactly that domain).
// The refusal is the same whether or not the address already has an account.
import type { InstanceSettings } from "@tessera/contracts";
import { and, eq, gt, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { invitation } from "../db/schema";

export const SIGN_UP_CLOSED =
  "This instance is not taking new accounts. Ask its administrator to create one for you.";
export const SIGN_UP_INVITE_ONLY =
  "Accounts here are by invitation only. Ask a team owner or admin to invite your address, then sign up with it.";
export const signUpWrongDomain = (domains: readonly string[]) =>
  `Accounts here are for addresses at ${domains.join(", ")}. Sign up with one of those, or ask for an invitation.`;

async function hasPendingInvitation(db: Database, email: string): Promise<boolean> {
  const [found] = await db
    .select({ id: invitation.id })
    .from(invitation)
    .where(
      and(
        eq(sql`lower(${invitation.email})`, email),
        eq(invitation.status, "pending"),
        gt(invitation.expiresAt, new Date()),
      ),
    )
    .limit(1);
  return found !== undefined;
}

/** Why `email` may not sign up here, or null when it may. */
export async function signUpRefusal(
  db: Database,
  settings: Pick<InstanceSettings, "registration" | "allowedDomains">,
  rawEmail: string,
): Promise<string | null> {
  if (settings.registration === "closed") return SIGN_UP_CLOSED;
  if (settings.registration === "open" && settings.allowedDomains.length === 0) return null;
  const email = rawEmail.trim().toLowerCase();
  if (await hasPendingInvitation(db, email)) return null;
  if (settings.registration === "invite") return SIGN_UP_INVITE_ONLY;
  const domain = email.slice(email.lastIndexOf("@") + 1);
  return settings.allowedDomains.includes(domain) ? null : signUpWrongDomain(settings.allowedDomains);
}
