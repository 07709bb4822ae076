// /dashboard/team-settings (spec 001 §2 Team settings): without a team, Create Your Team (or, below
// the Team plan, the plan that includes it); with one, its analytics, company details, members and
// pending invitations. ?accept=<code> joins the team an invitation is for.
import { FEATURE_PLAN } from "@tessera/contracts";
import { CheckCircle2, RefreshCw, TriangleAlert } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { PageSpinner } from "@/components/ui/spinner";
import { errorMessage } from "@/lib/api-client";
import { useAuth } from "@/lib/auth-context";
import { useSubscription } from "@/lib/subscription";
import { useDocumentTitle } from "@/lib/use-document-title";
import { useMyTeam } from "../api/get-my-team";
import { CompanyDetailsCard } from "./company-details-card";
import { CompleteProfileDialog } from "./complete-profile-dialog";
import { CreateTeamCard } from "./create-team-card";
import { PendingInvitationsCard } from "./pending-invitations-card";
import { TeamAnalyticsCard } from "./team-analytics-card";
import { TeamLocked } from "./team-locked";
import { TeamMembersCard } from "./team-members-card";
import { useInvitationParams, type AcceptOutcome } from "./use-invitation-params";

function AcceptResult({ outcome }: { outcome: AcceptOutcome | null }) {
  const { t } = useTranslation("teams");
  if (!outcome || outcome.state === "accepting") return null;
  return outcome.state === "joined" ? (
    <Alert variant="info">
      <CheckCircle2 aria-hidden="true" />
      <AlertTitle>{t("accept.accepted")}</AlertTitle>
      <AlertDescription>{t("accept.nowMember", { team: outcome.teamName })}</AlertDescription>
    </Alert>
  ) : (
    <Alert variant="destructive">
      <TriangleAlert aria-hidden="true" />
      <AlertTitle>{t("accept.failed")}</AlertTitle>
      <AlertDescription>{outcome.message}</AlertDescription>
    </Alert>
  );
}

export function TeamSettingsPage() {
  const { t } = useTranslation("teams");
  useDocumentTitle(t("page.title"));
  const { user } = useAuth();
  const subscription = useSubscription();
  const outcome = useInvitationParams();
  // Wait for the invitation before reading the team, so the page does not flash "Create Your Team".
  const team = useMyTeam(outcome?.state !== "accepting");
  const wrap = "mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-8 sm:px-8 sm:py-10";

  const title = <h1 className="text-3xl font-semibold tracking-tight">{t("page.title")}</h1>;
  if (team.isPending || outcome?.state === "accepting") {
    return (
      <div className={wrap}>
        {title}
        <PageSpinner label={outcome?.state === "accepting" ? t("page.accepting") : t("page.loading")} />
      </div>
    );
  }
  if (team.isError) {
    return (
      <div className={wrap}>
        {title}
        <Alert variant="destructive">
          <TriangleAlert aria-hidden="true" />
          <AlertTitle>{t("page.loadFailed")}</AlertTitle>
          <AlertDescription>{errorMessage(team.error)}</AlertDescription>
        </Alert>
        <div>
          <Button variant="outline" onClick={() => void team.refetch()}>
            {t("page.tryAgain")}
          </Button>
        </div>
      </div>
    );
  }
  const data = team.data;
  if (!data) {
    return (
      <div className={wrap}>
        {title}
        {/* A join that no longer holds (removed since) is not worth repeating here. */}
        {outcome?.state === "failed" ? <AcceptResult outcome={outcome} /> : null}
        {subscription.locked(FEATURE_PLAN.teams) ? <TeamLocked /> : <CreateTeamCard />}
      </div>
    );
  }

  const me = data.members.find((m) => m.userId === user?.id);
  // Where the instance sells no plans, a plan is only a label: the team has every feature.
  const planBadge =
    subscription.details?.billing === "off"
      ? t("page.allFeatures")
      : subscription.hasTeamFeatures
        ? t("page.teamPlan", { tier: subscription.tier ?? "Enterprise" })
        : t("page.plan", { tier: subscription.tier ?? "Free" });
  const manages = data.myRole === "owner" || data.myRole === "admin";

  return (
    <div className={wrap}>
      <header className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex flex-col gap-2">
          {title}
          <p className="text-muted-foreground">{data.company.name}</p>
        </div>
        <div className="flex items-center gap-2">
          <Badge variant={subscription.hasTeamFeatures ? "default" : "secondary"}>{planBadge}</Badge>
          <Button variant="outline" size="sm" onClick={() => void team.refetch()} disabled={team.isFetching}>
            <RefreshCw aria-hidden="true" className={team.isFetching ? "animate-spin" : undefined} />
            {t("page.refresh")}
          </Button>
        </div>
      </header>
      <AcceptResult outcome={outcome} />
      <TeamAnalyticsCard analytics={data.analytics} memberCount={data.members.length} />
      <div className="grid items-start gap-6 lg:grid-cols-2">
        <CompanyDetailsCard key={`${data.company.id}`} team={data} />
        <TeamMembersCard team={data} myUserId={user?.id ?? ""} />
      </div>
      {manages ? <PendingInvitationsCard teamId={data.company.id} invitations={data.invitations} /> : null}
      <CompleteProfileDialog open={Boolean(me) && !me?.profile.fullName} />
    </div>
  );
}
