// Team workspaces (spec 001 §2 Team settings, §3, §5, §6): what passes between the teams API and page.
import { z } from "zod";
import { isPublicMailDomain, publicMailDomainProblem } from "./mail-domains";

export const TEAM_ROLES = ["owner", "admin", "member"] as const;
export const teamRoleSchema = z.enum(TEAM_ROLES);
export type TeamRole = z.infer<typeof teamRoleSchema>;

/** Invitations grant member or admin only; ownership is handed over by the owner, never invited. */
export const inviteRoleSchema = z.enum(["member", "admin"]);
export type InviteRole = z.infer<typeof inviteRoleSchema>;

export const TEAM_NAME_MAX = 100;
export const TEAM_SLUG_MAX = 48;
export const INVITATION_DAYS = 7;
/** Spec §9: after a team is created its data reloads after this long. */
export const TEAM_RELOAD_DELAY_MS = 500;

export const createTeamSchema = z
  .object({ name: z.string().trim().min(1, "Enter a team name.").max(TEAM_NAME_MAX) })
  .strict();

/** "a.com, , B.org " → ["a.com", "b.org"]; nothing left → null (spec §5). */
export function parseDomains(input: string): string[] | null {
  const list = input
    .split(",")
    .map((d) => d.trim().toLowerCase())
    .filter(Boolean);
  return list.length ? [...new Set(list)] : null;
}

/** A lower-case host name with a top-level domain (example.com, mail.example.co.uk). */
export const DOMAIN_PATTERN = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/** A list of mail domains as people type them ("@Example.com" is example.com), each once, at most `max`. */
export const domainListSchema = (max: number) =>
  z
    .array(
      z
        .string()
        .trim()
        .toLowerCase()
        .transform((d) => d.replace(/^@/, ""))
        .refine((d) => DOMAIN_PATTERN.test(d), "Enter domains such as example.com."),
    )
    .max(max, `At most ${max} domains.`)
    .transform((list) => [...new Set(list)]);
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const updateCompanySchema = z
  .object({
    name: z.string().trim().min(1, "Enter a company name.").max(TEAM_NAME_MAX),
    slug: z
      .string()
      .trim()
      .toLowerCase()
      .max(TEAM_SLUG_MAX)
      .transform((s) => (s === "" ? null : s))
      .refine((s) => s === null || SLUG.test(s), "Use lower-case letters, digits and single dashes.")
      .nullable()
      .optional()
      .transform((s) => s ?? null),
    allowedDomains: z
      .string()
      .max(2000)
      .transform(parseDomains)
      .refine(
        (l) => l === null || l.every((d) => DOMAIN_PATTERN.test(d)),
        "Enter domains such as example.com.",
      )
      .superRefine((list, ctx) => {
        for (const domain of list ?? [])
          if (isPublicMailDomain(domain))
            ctx.addIssue({ code: "custom", message: publicMailDomainProblem(domain) });
      })
      .nullable()
      .optional()
      .transform((l) => l ?? null),
  })
  .strict();
export type UpdateCompany = z.input<typeof updateCompanySchema>;

export const inviteMemberSchema = z
  .object({
    email: z.string().trim().toLowerCase().pipe(z.email("Enter a valid email address.")),
    role: inviteRoleSchema,
  })
  .strict();
export type InviteMember = z.infer<typeof inviteMemberSchema>;

export const changeRoleSchema = z.object({ role: teamRoleSchema }).strict();

export const teamMemberSchema = z.object({
  id: z.string(),
  userId: z.string(),
  role: teamRoleSchema,
  joinedAt: z.string(),
  email: z.string(),
  profile: z.object({ fullName: z.string().nullable(), avatarUrl: z.string().nullable() }),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

export const teamInvitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: inviteRoleSchema,
  createdAt: z.string(),
  expiresAt: z.string(),
});
export type TeamInvitation = z.infer<typeof teamInvitationSchema>;

export const teamAnalyticsSchema = z.object({
  totalMessages: z.number(),
  totalSearches: z.number(),
  totalImages: z.number(),
  activeMembers: z.number(),
  lastActivityDate: z.string().nullable(),
});
export type TeamAnalytics = z.infer<typeof teamAnalyticsSchema>;

/**
 * Joining by domain (spec §5) needs proof that the team holds the domain: until then a claimed domain
 * is pending and admits nobody. Proof is a DNS TXT record `tessera-verification=<token>` at
 * `_tessera.<domain>` or at the domain itself, or the verified address, at that very domain, of the
 * owner or admin who claims or checks it. Public mail services are refused outright.
 */
export const TEAM_DOMAIN_STATUSES = ["pending", "verified", "refused"] as const;
export const DOMAIN_TXT_PREFIX = "tessera-verification=";
export const domainTxtNames = (domain: string) => [`_tessera.${domain}`, domain];

export const teamDomainSchema = z.object({
  domain: z.string(),
  status: z.enum(TEAM_DOMAIN_STATUSES),
  /** How it was proven: its DNS record, or the verified address of the person who claimed it. */
  proof: z.enum(["dns", "email"]).nullable(),
  /** The TXT record to publish while it is pending (owners and admins only), at either name. */
  record: z.object({ names: z.array(z.string()), value: z.string() }).nullable(),
  verifiedAt: z.string().nullable(),
  checkedAt: z.string().nullable(),
  /** Why the last check did not prove it, or why it is refused. */
  problem: z.string().nullable(),
});
export type TeamDomain = z.infer<typeof teamDomainSchema>;

export const teamSchema = z.object({
  company: z.object({
    id: z.string(),
    name: z.string(),
    ownerId: z.string().nullable(),
    slug: z.string().nullable(),
    /** Every domain claimed, proven or not, as the form edits them. */
    allowedDomains: z.array(z.string()).nullable(),
    /** Each claimed domain with its state; only `verified` ones admit anyone. */
    domains: z.array(teamDomainSchema),
  }),
  myRole: teamRoleSchema,
  members: z.array(teamMemberSchema),
  /** Only owners and admins see them; an empty list for members. */
  invitations: z.array(teamInvitationSchema),
  analytics: teamAnalyticsSchema,
});
export type Team = z.infer<typeof teamSchema>;

/** GET /api/teams/mine: the caller's team, or null without one. */
export const myTeamSchema = z.object({ team: teamSchema.nullable() });
export type MyTeam = z.infer<typeof myTeamSchema>;

export const acceptInvitationSchema = z.object({ teamId: z.string(), teamName: z.string() });
export type AcceptInvitationResult = z.infer<typeof acceptInvitationSchema>;
