import { FEATURE_PLAN, PLANS, featureUpgradeMessage } from "@tessera/contracts";
import { Lock, Plus } from "lucide-react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { Tooltip, TooltipContent, TooltipTrigger } from "@/components/ui/tooltip";
import { useSubscription } from "@/lib/subscription";

const NEEDED = FEATURE_PLAN.customAssistants;
export const LOCKED_TEXT = featureUpgradeMessage("customAssistants");

/** "New assistant", or, when the plan does not include making assistants, the way to a plan that does. */
export function NewAssistantButton({
  onCreate,
  size,
  className,
}: {
  onCreate: () => void;
  size?: "sm";
  className?: string;
}) {
  const { locked } = useSubscription();
  if (!locked(NEEDED))
    return (
      <Button size={size} onClick={onCreate} className={className}>
        <Plus aria-hidden="true" />
        New assistant
      </Button>
    );
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <Button asChild size={size} variant="outline" className={className}>
          <Link to="/pricing">
            <Lock aria-hidden="true" />
            New assistant · {PLANS[NEEDED].name}
          </Link>
        </Button>
      </TooltipTrigger>
      <TooltipContent>{LOCKED_TEXT}</TooltipContent>
    </Tooltip>
  );
}
