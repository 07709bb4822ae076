// The admin console's own routes under /api/admin: people (list, one, ban, unban, sign out, role,
// plan, delete), budgets and the instance's settings. Instance admins only; everyone else gets 403,
// as on every other admin route. Each action is written to the audit log.
import {
  adminUsersQuerySchema,
  banUserSchema,
  budgetSubjectQuerySchema,
  deleteUserSchema,
  setBudgetSchema,
  setPlanSchema,
  setUserRoleSchema,
  updateInstanceSettingsSchema,
} from "@tessera/contracts";
import { Hono, type Context } from "hono";
import { setPlan } from "../../billing/plans";
import type { AppEnv } from "../../lib/context";
import { parseWith, readJson } from "../../lib/validate";
import { auditAdminAction } from "./admin-audit";
import { instanceAdmin, type AdminDeps } from "./admin-deps";
import { banUser } from "./ban-user";
import { deleteUser } from "./delete-user";
import { findPerson } from "./find-person";
import { getUser } from "./get-user";
import { listBudgets } from "./list-budgets";
import { listUsers } from "./list-users";
import { deleteBudget, setBudget } from "./set-budget";
import { setUserRole } from "./set-user-role";
import { signOutUser } from "./sign-out-user";
import { unbanUser } from "./unban-user";

export function adminRoutes(deps: AdminDeps) {
  const admin = (c: Context<AppEnv>) => instanceAdmin(c, deps.adminEmails);
  const id = (c: Context<AppEnv>) => c.req.param("id") ?? "";
  const person = (c: Context<AppEnv>) => ({ type: "user" as const, id: id(c) });
  const detail = (c: Context<AppEnv>) => getUser(deps.db, id(c), admin(c), deps.adminEmails);
  return new Hono<AppEnv>()
    .get("/users", async (c) => {
      admin(c);
      return c.json(
        await listUsers(deps.db, parseWith(adminUsersQuerySchema, c.req.query()), deps.adminEmails),
      );
    })
    .get("/users/:id", async (c) => c.json(await detail(c)))
    .post("/users/:id/ban", async (c) => {
      const me = admin(c);
      const input = await readJson(c, banUserSchema);
      const changes = await banUser(deps, me.id, id(c), input);
      await auditAdminAction(deps.db, c, "user.banned", person(c), changes);
      return c.json(await detail(c));
    })
    .post("/users/:id/unban", async (c) => {
      admin(c);
      await unbanUser(deps, id(c));
      await auditAdminAction(deps.db, c, "user.unbanned", person(c));
      return c.json(await detail(c));
    })
    .post("/users/:id/sign-out", async (c) => {
      admin(c);
      const ended = await signOutUser(deps, id(c));
      await auditAdminAction(deps.db, c, "user.sessions_revoked", person(c), { sessions: ended });
      return c.json(await detail(c));
    })
    .put("/users/:id/role", async (c) => {
      const me = admin(c);
      const input = await readJson(c, setUserRoleSchema);
      const changed = await setUserRole(deps, me.id, id(c), input);
      await auditAdminAction(deps.db, c, "user.role_changed", person(c), changed);
      return c.json(await detail(c));
    })
    .put("/users/:id/plan", async (c) => {
      admin(c);
      const input = await readJson(c, setPlanSchema);
      await findPerson(deps.db, id(c));
      await setPlan(deps.db, id(c), input.plan, input.validUntil ? new Date(input.validUntil) : null);
      await auditAdminAction(deps.db, c, "user.plan_changed", person(c), input);
      return c.json(await detail(c));
    })
    .delete("/users/:id", async (c) => {
      const me = admin(c);
      const { confirmEmail } = await readJson(c, deleteUserSchema);
      const removed = await deleteUser(deps, me.id, id(c), confirmEmail);
      await auditAdminAction(deps.db, c, "user.deleted", person(c), removed);
      return c.body(null, 204);
    })
    .get("/budgets", async (c) => {
      admin(c);
      return c.json(await listBudgets(deps.db));
    })
    .put("/budgets", async (c) => {
      const me = admin(c);
      const input = await readJson(c, setBudgetSchema);
      const set = await setBudget(deps.db, me.id, input);
      await auditAdminAction(
        deps.db,
        c,
        "budget.changed",
        { type: "budget", id: `${input.scope}:${set.subject}` },
        {
          monthlyTokens: set.monthlyTokens,
          monthlyCostUsd: set.monthlyCostUsd,
        },
      );
      return c.json(await listBudgets(deps.db));
    })
    .delete("/budgets", async (c) => {
      admin(c);
      const { scope, id: subject } = parseWith(budgetSubjectQuerySchema, c.req.query());
      await deleteBudget(deps.db, scope, subject);
      await auditAdminAction(
        deps.db,
        c,
        "budget.changed",
        { type: "budget", id: `${scope}:${subject ?? "instance"}` },
        {
          removed: true,
        },
      );
      return c.json(await listBudgets(deps.db));
    })
    .get("/settings", (c) => {
      admin(c);
      return c.json(deps.settings.current());
    })
    .patch("/settings", async (c) => {
      const me = admin(c);
      const patch = await readJson(c, updateInstanceSettingsSchema);
      const settings = await deps.settings.update(patch, me.id);
      await auditAdminAction(deps.db, c, "settings.changed", { type: "settings", id: "instance" }, patch);
      return c.json(settings);
    });
}
