// This month's images against the plan's allowance, and the way to more when they are used up.
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useSubscription } from "@/lib/subscription";
import { cn } from "@/lib/utils";

export function ImageQuota() {
  const { t } = useTranslation("images");
  const usage = useSubscription().details?.usage;
  if (!usage) return null;
  const { imagesThisMonth: used, imagesPerMonth: allowed } = usage;
  // No monthly allowance where the instance sells no plans.
  if (allowed === null)
    return (
      <p data-testid="image-quota" className="text-sm text-muted-foreground">
        {t("quota.used", { count: used })}
      </p>
    );
  const usedUp = used >= allowed;
  return (
    <p
      data-testid="image-quota"
      className={cn("text-sm", usedUp ? "text-destructive" : "text-muted-foreground")}
    >
      {t("quota.usedOf", { count: allowed, used })}
      {usedUp ? (
        <>
          {" "}
          · {t("quota.usedUp")}{" "}
          <Link to="/pricing" className="font-medium text-primary underline-offset-4 hover:underline">
            {t("quota.seePlans")}
          </Link>
        </>
      ) : null}
    </p>
  );
}
