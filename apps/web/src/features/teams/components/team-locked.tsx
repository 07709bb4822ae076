// Below the Team plan: what team workspaces are and the way to the plans. The server refuses anyway.
import { FEATURE_PLAN, PLANS } from "@tessera/contracts";
import { Lock } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";

const NEEDED = FEATURE_PLAN.teams;

export function TeamLocked() {
  const { t } = useTranslation("teams");
  return (
    <Card role="region" aria-labelledby="team-locked-heading" className="mx-auto w-full max-w-xl">
      <CardContent className="flex flex-col items-start gap-4 pt-6">
        <span className="flex size-11 items-center justify-center rounded-xl bg-primary/10 text-primary">
          <Lock aria-hidden="true" className="size-5" />
        </span>
        <div className="flex flex-col gap-1.5">
          <h2 id="team-locked-heading" className="text-lg font-semibold">
            {t("locked.title", { plan: PLANS[NEEDED].name })}
          </h2>
          <p className="text-sm text-muted-foreground">{t("locked.upgrade")}</p>
          <p className="text-sm text-muted-foreground">{t("locked.what")}</p>
        </div>
        <Button asChild>
          <Link to="/pricing">{t("locked.seePlans")}</Link>
        </Button>
      </CardContent>
    </Card>
  );
}
