// Shown instead of the form when the plan does not include voice-overs: the plan that does, and the
// way to the plans. The server refuses anyway.
import { FEATURE_PLAN, PLANS, featureUpgradeMessage } from "@tessera/contracts";
import { Lock } from "lucide-react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";

const NEEDED = FEATURE_PLAN.voice;
export const VOICE_LOCKED_TEXT = featureUpgradeMessage("voice");

export function VoiceLocked() {
  return (
    <Card role="region" aria-labelledby="voice-locked-heading">
      <CardContent className="flex flex-col items-start gap-4 pt-6">
        <span className="flex size-11 items-center justify-center rounded-xl bg-primary/10 text-primary">
          <Lock aria-hidden="true" className="size-5" />
        </span>
        <div className="flex flex-col gap-1.5">
          <h2 id="voice-locked-heading" className="text-lg font-semibold">
            Voice-overs come with {PLANS[NEEDED].name}
          </h2>
          <p className="text-sm text-muted-foreground">{VOICE_LOCKED_TEXT}</p>
          <p className="text-sm text-muted-foreground">
            Write a script of up to 10,000 characters, pick one of six voices and download the MP3.
          </p>
        </div>
        <Button asChild>
          <Link to="/pricing">See plans</Link>
        </Button>
      </CardContent>
    </Card>
  );
}
