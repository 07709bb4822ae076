// This month's images against the plan's allowance, and the way to more when they are used up.
import { Link } from "react-router";
import { useSubscription } from "@/lib/subscription";
import { cn } from "@/lib/utils";

export function ImageQuota() {
  const usage = useSubscription().details?.usage;
  if (!usage) return null;
  const { imagesThisMonth: used, imagesPerMonth: allowed } = usage;
  // No monthly allowance where the instance sells no plans.
  if (allowed === null)
    return (
      <p data-testid="image-quota" className="text-sm text-muted-foreground">
        {used} {used === 1 ? "image" : "images"} this month
      </p>
    );
  const usedUp = used >= allowed;
  return (
    <p
      data-testid="image-quota"
      className={cn("text-sm", usedUp ? "text-destructive" : "text-muted-foreground")}
    >
      {used} of {allowed} images this month
      {usedUp ? (
        <>
          {" "}
          · You have used this month&apos;s images.{" "}
          <Link to="/pricing" className="font-medium text-primary underline-offset-4 hover:underline">
            See plans
          </Link>
        </>
      ) : null}
    </p>
  );
}
