// Admin → Users → one person: who they are, what they used and keep, the budget that applies to them,
// and what an admin may do (user-actions-card.tsx). Someone else's id, or a wrong one, reads as not found.
import type { AdminUserDetail } from "@tessera/contracts";
import { PLANS } from "@tessera/contracts";
import { ArrowLeft } from "lucide-react";
import type { ReactNode } from "react";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { PageSpinner } from "@/components/ui/spinner";
import { errorMessage } from "@/lib/api-client";
import { useAuth } from "@/lib/auth-context";
import { formatDay, formatWhen } from "@/lib/utils";
import { useDocumentTitle } from "@/lib/use-document-title";
import { useAdminUser } from "../api/get-admin-user";
import { formatCost, formatTokens } from "../utils/format";
import { UserActionsCard } from "./user-actions-card";
import { UserStatusBadge } from "./user-status-badge";

export function AdminUserPage() {
  const { t } = useTranslation("admin");
  const { id = "" } = useParams();
  const { user } = useAuth();
  const isAdmin = user?.role === "admin";
  const { data, error, isPending } = useAdminUser(id, isAdmin);
  useDocumentTitle(data ? data.name || data.email : t("user.title"));

  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-6 p-4 md:p-8">
      <Link
        to="/dashboard/admin/users"
        className="flex w-fit items-center gap-1.5 text-sm text-muted-foreground hover:text-foreground"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        {t("user.all")}
      </Link>
      {!isAdmin ? (
        <p role="alert">{t("users.adminsOnly")}</p>
      ) : error ? (
        <p role="alert">{errorMessage(error)}</p>
      ) : isPending ? (
        <PageSpinner label={t("user.loading")} />
      ) : (
        <UserDetail person={data} />
      )}
    </div>
  );
}

/** What a person keeps, in the order the page lists it. */
const KEPT = [
  "conversations",
  "comparisons",
  "searches",
  "documents",
  "images",
  "voiceOvers",
  "apiKeys",
] as const;

function UserDetail({ person }: { person: AdminUserDetail }) {
  const { t } = useTranslation("admin");
  const c = person.counts;
  return (
    <>
      <header className="flex flex-col gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <h1 className="text-2xl font-semibold tracking-tight">{person.name || person.email}</h1>
          <UserStatusBadge status={person.status} />
          {person.role === "admin" || person.listedAdmin ? (
            <Badge variant="secondary">{t("roles.admin")}</Badge>
          ) : null}
          {person.isSelf ? <Badge variant="outline">{t("user.you")}</Badge> : null}
        </div>
        <p className="text-sm text-muted-foreground">{person.email}</p>
      </header>
      {person.status === "banned" ? (
        <p
          role="status"
          className="rounded-lg border border-destructive/30 bg-destructive/5 px-4 py-3 text-sm"
        >
          {person.banExpires
            ? t("user.bannedUntil", { when: formatWhen(person.banExpires) })
            : t("user.bannedUntilLifted")}
          {person.banReason ? ` ${t("user.reason", { reason: person.banReason })}` : null}
        </p>
      ) : null}
      <div className="grid gap-4 md:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle className="text-base">{t("user.account")}</CardTitle>
          </CardHeader>
          <CardContent>
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
              <Fact label={t("user.plan")}>
                {person.planValidUntil
                  ? t("user.planUntil", {
                      plan: PLANS[person.plan].name,
                      source: t(`user.planSources.${person.planSource}`),
                      day: formatDay(person.planValidUntil),
                    })
                  : t("user.planFrom", {
                      plan: PLANS[person.plan].name,
                      source: t(`user.planSources.${person.planSource}`),
                    })}
              </Fact>
              <Fact label={t("user.team")}>
                {person.team
                  ? t("user.teamRole", {
                      team: person.team.name,
                      role: t(`user.teamRoles.${person.team.role}`, { defaultValue: person.team.role }),
                    })
                  : t("user.none")}
              </Fact>
              <Fact label={t("user.joined")}>{formatDay(person.createdAt)}</Fact>
              <Fact label={t("user.lastActive")}>
                {person.lastActiveAt ? formatWhen(person.lastActiveAt) : t("users.never")}
              </Fact>
              <Fact label={t("user.signedInOn")}>{t("user.devices", { count: person.sessions })}</Fact>
              <Fact label={t("user.email")}>
                {person.emailVerified ? t("user.verified") : t("user.notVerified")}
              </Fact>
              <Fact label={t("user.twoFactor")}>
                {person.twoFactorEnabled ? t("user.on") : t("user.off")}
              </Fact>
            </dl>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle className="text-base">{t("user.use")}</CardTitle>
          </CardHeader>
          <CardContent>
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
              <Fact label={t("user.last30")}>
                {t("user.tokensCost", {
                  tokens: formatTokens(person.tokens30d),
                  cost: formatCost(person.cost30d),
                })}
              </Fact>
              <Fact label={t("user.thisMonth")}>
                {t("user.tokensCost", {
                  tokens: formatTokens(person.month.tokens),
                  cost: formatCost(person.month.cost),
                })}
              </Fact>
              <Fact label={t("user.budget")}>{budgetText(person.budget, t)}</Fact>
              <Fact label={t("user.keeps")}>
                {KEPT.map((kind) => t(`user.kept.${kind}`, { count: c[kind] })).join(t("user.keptSeparator"))}
              </Fact>
            </dl>
          </CardContent>
        </Card>
      </div>
      <UserActionsCard person={person} />
    </>
  );
}

function budgetText(budget: AdminUserDetail["budget"], t: TFunction<"admin">): string {
  if (!budget) return t("user.none");
  const whose =
    budget.scope === "user"
      ? t("user.budgetOwn")
      : budget.scope === "team"
        ? budget.teamName
          ? t("user.budgetTeamNamed", { team: budget.teamName })
          : t("user.budgetTeam")
        : t("user.budgetInstance");
  const caps = [
    budget.monthlyTokens != null
      ? t("user.capTokens", {
          used: formatTokens(budget.usedTokens),
          cap: formatTokens(budget.monthlyTokens),
        })
      : null,
    budget.monthlyCostUsd != null
      ? t("user.capCost", { used: formatCost(budget.usedCostUsd), cap: formatCost(budget.monthlyCostUsd) })
      : null,
  ].filter((cap) => cap !== null);
  const state = budget.exceeded
    ? ` ${t("user.reached")}`
    : budget.warning
      ? ` ${t("user.nearlyReached")}`
      : "";
  return `${t("user.budgetUsed", { whose, caps })}${state}`;
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-muted-foreground">{label}</dt>
      <dd>{children}</dd>
    </>
  );
}
