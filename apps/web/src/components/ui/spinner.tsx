import { LoaderCircle } from "lucide-react";
import { cn, unlessGiven } from "@/lib/utils";

/** A spinning indicator. With a label it is announced (role="status"); without, it is decoration. */
export function Spinner({ className, label }: { className?: string; label?: string }) {
  const icon = (
    <LoaderCircle
      aria-hidden="true"
      className={cn(unlessGiven(className, "size-", "size-4"), "animate-spin", className)}
    />
  );
  if (!label) return icon;
  return (
    <span role="status" aria-label={label} className="inline-flex">
      {icon}
    </span>
  );
}

/** Whole-area loading state, e.g. while the session is checked. */
export function PageSpinner({ label = "Loading" }: { label?: string }) {
  return (
    <div className="flex min-h-[60vh] w-full flex-1 items-center justify-center">
      <Spinner label={label} className="size-7 text-primary" />
    </div>
  );
}
