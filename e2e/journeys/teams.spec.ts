// Teams against the built app: an owner on the Team plan creates a team and invites someone by mail;
// the invited person signs up through the link, accepts and appears in the owner's list; once removed,
// their next team request is refused.
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { waitForMailLink } from "../support/mail";
import { AUTH_STORAGE_KEY, expect, newAccount, setPlan, test } from "../support/fixtures";

const shots = join(import.meta.dirname, "../.artifacts/screenshots");
mkdirSync(shots, { recursive: true });

/** A team request with the page's own stored session, as the app makes it. */
const teamStatus = (page: Page, path: string) =>
  page.evaluate(
    async ({ key, path }) => {
      const { token } = JSON.parse(localStorage.getItem(key) ?? "{}") as { token?: string };
      const res = await fetch(`/api/teams${path}`, { headers: { authorization: `Bearer ${token}` } });
      return {
        status: res.status,
        body: (await res.json()) as { team?: { company: { id: string } } | null },
      };
    },
    { key: AUTH_STORAGE_KEY, path },
  );

test("an owner creates a team, invites by mail, the invitee joins, and a removed member loses access", async ({
  signedIn: owner,
  account,
  browser,
}) => {
  // Two people in two browsers, mail between them, and a removal: 57 s on a machine whose Chromium runs
  // at half the usual pace, beside the other worker. Three times the usual minute.
  test.slow();
  await setPlan(account.email, "team");
  await owner.goto("/dashboard/team-settings");
  await expect(owner.getByText("Create Your Team")).toBeVisible();
  await owner.getByRole("button", { name: "Create Team", exact: true }).click();
  const create = owner.getByRole("dialog");
  await create.getByLabel("Team Name", { exact: true }).fill("  Lighthouse Keepers ");
  await create.getByRole("button", { name: "Create Team", exact: true }).click();
  await expect(owner.getByText("Team created")).toBeVisible();
  await expect(create).toBeHidden();
  await expect(owner.getByText("Team Plan: Team")).toBeVisible();
  await expect(owner.getByText("Lighthouse Keepers", { exact: true })).toBeVisible();
  await expect(owner.getByText("No activity yet")).toBeVisible();
  const ownerRow = owner
    .getByRole("list", { name: "Team members", exact: true })
    .getByRole("listitem")
    .first();
  await expect(ownerRow).toContainText("You");
  await expect(ownerRow).toContainText("Team Owner");

  // Joining by domain: a public mail service is refused before saving; another domain waits, joining
  // nobody, for the DNS record that proves it.
  const domainsField = owner.getByLabel("Allowed Email Domains", { exact: true });
  const update = owner.getByRole("button", { name: "Update Company Settings", exact: true });
  await domainsField.fill("gmail.com");
  await expect(
    owner.getByRole("alert").filter({ hasText: "gmail.com is a public mail service" }),
  ).toBeVisible();
  await expect(update).toBeDisabled();
  const domain = `keepers-${account.email.split("@")[0]!.split("-").pop()}.test`;
  await domainsField.fill(domain);
  await update.click();
  await expect(owner.getByText("Company settings updated")).toBeVisible();
  const claim = owner.getByRole("list", { name: "Email domains", exact: true }).getByRole("listitem");
  await expect(claim).toContainText(domain);
  await expect(claim).toContainText("Waiting for proof");
  await expect(claim).toContainText(`_tessera.${domain}`);
  await expect(claim.getByText(/^tessera-verification=[0-9a-f]{32}$/)).toBeVisible();
  await expect(claim.getByRole("button", { name: "Check now", exact: true })).toBeVisible();
  await claim.screenshot({ path: join(shots, "teams-domain-pending.png") });

  const invitee = newAccount("member");
  await owner.getByRole("button", { name: "Invite Member", exact: true }).click();
  const inviteDialog = owner.getByRole("dialog");
  await inviteDialog.getByLabel("Email Address", { exact: true }).fill(invitee.email);
  await inviteDialog.getByRole("combobox", { name: "Role", exact: true }).click();
  await owner.getByRole("option", { name: "Member", exact: true }).click();
  await inviteDialog.getByRole("button", { name: "Send Invitation", exact: true }).click();
  await expect(owner.getByText("Invitation sent")).toBeVisible();
  const pending = owner.getByRole("list", { name: "Pending invitations", exact: true });
  await expect(pending).toContainText(invitee.email);
  await expect(pending).toContainText("Pending");
  await owner.screenshot({ path: join(shots, "teams-owner.png"), fullPage: true });

  const link = await waitForMailLink(invitee.email, /invited to join Lighthouse Keepers/);
  expect(link).toMatch(/\/auth\?accept=[0-9a-f-]{36}$/);

  // The invitee, in a browser of their own, signs up from the link, confirms the address, and opens
  // the link again signed in: it lands on team settings and accepts.
  const context = await browser.newContext();
  const member = await context.newPage();
  await member.goto(link);
  await expect(member.getByText("You've been invited to join a team.")).toBeVisible();
  await member.getByRole("tab", { name: "Create Account", exact: true }).click();
  await member.getByLabel("Full Name", { exact: true }).fill(invitee.name);
  await member.getByLabel("Email", { exact: true }).fill(invitee.email);
  await member.getByLabel("Password", { exact: true }).fill(invitee.password);
  await member.locator("form").getByRole("button", { name: "Create Account", exact: true }).click();
  await expect(member.getByText("Account created!")).toBeVisible();
  await member.goto(await waitForMailLink(invitee.email, /Confirm your Tessera account/));
  await expect(member).toHaveURL(/\/dashboard\/chat$/);
  await member.goto(link);
  await expect(member.getByText("You are now a member of Lighthouse Keepers.")).toBeVisible();
  await expect(member).toHaveURL(/\/dashboard\/team-settings$/);
  await expect(member.getByRole("button", { name: "Invite Member", exact: true })).toHaveCount(0);
  await member.screenshot({ path: join(shots, "teams-member.png"), fullPage: true });
  const joined = await teamStatus(member, "/mine");
  const teamId = joined.body.team!.company.id;
  expect((await teamStatus(member, `/${teamId}`)).status).toBe(200);

  await owner.getByRole("button", { name: "Refresh", exact: true }).click();
  const row = owner
    .getByRole("list", { name: "Team members", exact: true })
    .getByRole("listitem")
    .filter({ hasText: invitee.email });
  await expect(row).toContainText(invitee.name);
  await expect(row).toContainText("member");
  await expect(pending).toHaveCount(0);

  await row.getByRole("button", { name: `Remove ${invitee.name}`, exact: true }).click();
  const confirm = owner.getByRole("alertdialog");
  await expect(confirm).toContainText(
    `Are you sure you want to remove ${invitee.name} from the team? This action cannot be undone.`,
  );
  await owner.screenshot({ path: join(shots, "teams-remove.png") });
  await confirm.getByRole("button", { name: "Remove", exact: true }).click();
  await expect(owner.getByText("Member removed")).toBeVisible();
  await expect(row).toHaveCount(0);

  // The removed member's very next request is refused, and their page no longer shows the team.
  expect((await teamStatus(member, `/${teamId}`)).status).toBe(404);
  await member.getByRole("button", { name: "Refresh", exact: true }).click();
  await expect(member.getByText("Team workspaces come with Team")).toBeVisible();
  await member.screenshot({ path: join(shots, "teams-removed.png"), fullPage: true });
  await context.close();
});
