import { FEATURE_PLAN, PLANS } from "@tessera/contracts";
import { Lock, Plus } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { Tooltip, TooltipContent, TooltipTrigger } from "@/components/ui/tooltip";
import { useSubscription } from "@/lib/subscription";

const NEEDED = FEATURE_PLAN.customAssistants;

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
  const { t } = useTranslation("assistants");
  const { locked } = useSubscription();
  const plan = PLANS[NEEDED].name;
  if (!locked(NEEDED))
    return (
      <Button size={size} onClick={onCreate} className={className}>
        <Plus aria-hidden="true" />
        {t("newButton.label")}
      </Button>
    );
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <Button asChild size={size} variant="outline" className={className}>
          <Link to="/pricing">
            <Lock aria-hidden="true" />
            {t("newButton.locked", { plan })}
          </Link>
        </Button>
      </TooltipTrigger>
      <TooltipContent>{t("newButton.lockedHint", { plan })}</TooltipContent>
    </Tooltip>
  );
}
