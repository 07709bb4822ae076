// Admin → Users → one person: who they are, what they used and keep, the budget that applies to them,
// and what an admin may do (user-actions-card.tsx). Someone else's id, or a wrong one, reads as not found.
import type { AdminUserDetail } from "@tessera/contracts";
import { PLANS } from "@tessera/contracts";
import { ArrowLeft } from "lucide-react";
import type { ReactNode } from "react";
import { Link, useParams } from "react-router";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { PageSpinner } from "@/components/ui/spinner";
import { errorMessage } from "@/lib/api-client";
import { useAuth } from "@/lib/auth-context";
import { formatCount, formatDay, formatWhen } from "@/lib/utils";
import { useDocumentTitle } from "@/lib/use-document-title";
import { useAdminUser } from "../api/get-admin-user";
import { formatCost, formatTokens } from "../utils/format";
import { UserActionsCard } from "./user-actions-card";
import { UserStatusBadge } from "./user-status-badge";

const PLAN_SOURCES: Record<AdminUserDetail["planSource"], string> = {
  none: "default",
  trial: "trial",
  admin: "set by an admin",
  stripe: "paid through Stripe",
};

export function AdminUserPage() {
  const { id = "" } = useParams();
  const { user } = useAuth();
  const isAdmin = user?.role === "admin";
  const { data, error, isPending } = useAdminUser(id, isAdmin);
  useDocumentTitle(data ? data.name || data.email : "User");

  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-6 p-4 md:p-8">
      <Link
        to="/dashboard/admin/users"
        className="flex w-fit items-center gap-1.5 text-sm text-muted-foreground hover:text-foreground"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        All users
      </Link>
      {!isAdmin ? (
        <p role="alert">Only administrators of this instance can manage users.</p>
      ) : error ? (
        <p role="alert">{errorMessage(error)}</p>
      ) : isPending ? (
        <PageSpinner label="Loading user" />
      ) : (
        <UserDetail person={data} />
      )}
    </div>
  );
}

function UserDetail({ person }: { person: AdminUserDetail }) {
  const c = person.counts;
  return (
    <>
      <header className="flex flex-col gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <h1 className="text-2xl font-semibold tracking-tight">{person.name || person.email}</h1>
          <UserStatusBadge status={person.status} />
          {person.role === "admin" || person.listedAdmin ? <Badge variant="secondary">Admin</Badge> : null}
          {person.isSelf ? <Badge variant="outline">You</Badge> : null}
        </div>
        <p className="text-sm text-muted-foreground">{person.email}</p>
      </header>
      {person.status === "banned" ? (
        <p
          role="status"
          className="rounded-lg border border-destructive/30 bg-destructive/5 px-4 py-3 text-sm"
        >
          Banned{person.banExpires ? ` until ${formatWhen(person.banExpires)}` : " until an admin lifts it"}.
          {person.banReason ? ` Reason: ${person.banReason}` : null}
        </p>
      ) : null}
      <div className="grid gap-4 md:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle className="text-base">Account</CardTitle>
          </CardHeader>
          <CardContent>
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
              <Fact label="Plan">
                {PLANS[person.plan].name} ({PLAN_SOURCES[person.planSource]}
                {person.planValidUntil ? `, until ${formatDay(person.planValidUntil)}` : ""})
              </Fact>
              <Fact label="Team">{person.team ? `${person.team.name} (${person.team.role})` : "None"}</Fact>
              <Fact label="Joined">{formatDay(person.createdAt)}</Fact>
              <Fact label="Last active">
                {person.lastActiveAt ? formatWhen(person.lastActiveAt) : "Never"}
              </Fact>
              <Fact label="Signed in on">
                {person.sessions === 1 ? "1 browser or device" : `${person.sessions} browsers or devices`}
              </Fact>
              <Fact label="Email">{person.emailVerified ? "Verified" : "Not verified"}</Fact>
              <Fact label="Two-factor">{person.twoFactorEnabled ? "On" : "Off"}</Fact>
            </dl>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle className="text-base">Use</CardTitle>
          </CardHeader>
          <CardContent>
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
              <Fact label="Last 30 days">
                {formatTokens(person.tokens30d)} tokens, {formatCost(person.cost30d)}
              </Fact>
              <Fact label="This month">
                {formatTokens(person.month.tokens)} tokens, {formatCost(person.month.cost)}
              </Fact>
              <Fact label="Budget">{budgetText(person.budget)}</Fact>
              <Fact label="Keeps">
                {formatCount(c.conversations)} conversations, {formatCount(c.comparisons)} comparisons,{" "}
                {formatCount(c.searches)} searches, {formatCount(c.documents)} documents,{" "}
                {formatCount(c.images)} images, {formatCount(c.voiceOvers)} voice-overs,{" "}
                {formatCount(c.apiKeys)} API keys
              </Fact>
            </dl>
          </CardContent>
        </Card>
      </div>
      <UserActionsCard person={person} />
    </>
  );
}

function budgetText(budget: AdminUserDetail["budget"]): string {
  if (!budget) return "None";
  const whose =
    budget.scope === "user"
      ? "Their own"
      : budget.scope === "team"
        ? `${budget.teamName ?? "Their team"}'s`
        : "The instance's";
  const caps = [
    budget.monthlyTokens != null
      ? `${formatTokens(budget.usedTokens)} of ${formatTokens(budget.monthlyTokens)} tokens`
      : null,
    budget.monthlyCostUsd != null
      ? `${formatCost(budget.usedCostUsd)} of ${formatCost(budget.monthlyCostUsd)}`
      : null,
  ].filter(Boolean);
  const state = budget.exceeded ? " Reached." : budget.warning ? " Nearly reached." : "";
  return `${whose}: ${caps.join(", ")} used this month.${state}`;
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-muted-foreground">{label}</dt>
      <dd>{children}</dd>
    </>
  );
}
