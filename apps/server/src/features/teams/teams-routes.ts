// /api/teams: the caller's team and everything done to it. Routes validate and call one service;
// the services check the caller's role (non-member 404, wrong role 403).
import {
  changeRoleSchema,
  createTeamSchema,
  DOMAIN_PATTERN,
  inviteMemberSchema,
  updateCompanySchema,
  type MyTeam,
} from "@tessera/contracts";
import { Hono } from "hono";
import { z } from "zod";
import type { Database } from "../../db/client";
import type { AppEnv } from "../../lib/context";
import { parseWith, readJson } from "../../lib/validate";
import type { TxtLookup } from "../../providers/dns/txt-records";
import type { Mailer } from "../../providers/mail/mailer";
import { checkDomain } from "./check-domain";
import { createTeam } from "./create-team";
import { getMyTeam, getTeam } from "./get-team";
import { acceptInvitation, inviteMember, resendInvitation } from "./invitations";
import { changeRole, leaveTeam, removeMember } from "./members";
import { updateCompany } from "./update-company";

const domainParam = z.object({
  domain: z.string().toLowerCase().regex(DOMAIN_PATTERN, "Name a domain such as example.com."),
});

export function teamsRoutes(deps: { db: Database; mailer: Mailer; publicUrl: string; lookupTxt: TxtLookup }) {
  const { db } = deps;
  const me = (c: { get: (k: "session") => { user: { id: string; email: string } } }) => c.get("session").user;
  return new Hono<AppEnv>()
    .get("/mine", async (c) => c.json({ team: await getMyTeam(db, me(c).id) } satisfies MyTeam))
    .post("/", async (c) => c.json(await createTeam(db, me(c).id, await readJson(c, createTeamSchema)), 201))
    .post("/invitations/:invitationId/accept", async (c) =>
      c.json(await acceptInvitation(db, me(c), c.req.param("invitationId"))),
    )
    .get("/:teamId", async (c) => c.json(await getTeam(db, c.req.param("teamId"), me(c).id)))
    .patch("/:teamId", async (c) => {
      await updateCompany(db, c.req.param("teamId"), me(c).id, await readJson(c, updateCompanySchema));
      return c.json(await getTeam(db, c.req.param("teamId"), me(c).id));
    })
    .post("/:teamId/domains/:domain/check", async (c) => {
      const { domain } = parseWith(domainParam, { domain: c.req.param("domain") });
      await checkDomain(deps, c.req.param("teamId"), me(c).id, domain);
      return c.json(await getTeam(db, c.req.param("teamId"), me(c).id));
    })
    .post("/:teamId/invitations", async (c) =>
      c.json(
        await inviteMember(deps, c.req.param("teamId"), me(c).id, await readJson(c, inviteMemberSchema)),
        201,
      ),
    )
    .post("/:teamId/invitations/:invitationId/resend", async (c) =>
      c.json(await resendInvitation(deps, c.req.param("teamId"), me(c).id, c.req.param("invitationId"))),
    )
    .delete("/:teamId/members/:userId", async (c) => {
      await removeMember(db, c.req.param("teamId"), me(c).id, c.req.param("userId"));
      return c.body(null, 204);
    })
    .patch("/:teamId/members/:userId", async (c) => {
      const { role } = await readJson(c, changeRoleSchema);
      await changeRole(db, c.req.param("teamId"), me(c).id, c.req.param("userId"), role);
      return c.body(null, 204);
    })
    .post("/:teamId/leave", async (c) => {
      await leaveTeam(db, c.req.param("teamId"), me(c).id);
      return c.body(null, 204);
    });
}
