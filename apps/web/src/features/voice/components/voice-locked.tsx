// Shown instead of the form when the plan does not include voice-overs: the plan that does, and the
// way to the plans. The server refuses anyway.
import { FEATURE_PLAN, PLANS, VOICE_SCRIPT_MAX } from "@tessera/contracts";
import { useTranslation } from "react-i18next";
import { Lock } from "lucide-react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";

const NEEDED = FEATURE_PLAN.voice;

export function VoiceLocked() {
  const { t } = useTranslation("voice");
  return (
    <Card role="region" aria-labelledby="voice-locked-heading">
      <CardContent className="flex flex-col items-start gap-4 pt-6">
        <span className="flex size-11 items-center justify-center rounded-xl bg-primary/10 text-primary">
          <Lock aria-hidden="true" className="size-5" />
        </span>
        <div className="flex flex-col gap-1.5">
          <h2 id="voice-locked-heading" className="text-lg font-semibold">
            {t("locked.title", { plan: PLANS[NEEDED].name })}
          </h2>
          <p className="text-sm text-muted-foreground">{t("locked.upgrade", { plan: PLANS[NEEDED].name })}</p>
          <p className="text-sm text-muted-foreground">{t("locked.what", { max: VOICE_SCRIPT_MAX })}</p>
        </div>
        <Button asChild>
          <Link to="/pricing">{t("locked.seePlans")}</Link>
        </Button>
      </CardContent>
    </Card>
  );
}
