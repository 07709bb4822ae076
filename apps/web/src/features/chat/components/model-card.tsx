import { PLANS, type ModelAvailability } from "@tessera/contracts";
import { Check, Eye, Globe, Lock } from "lucide-react";
import { Link } from "react-router";
import { Badge } from "@/components/ui/badge";
import { useAuth } from "@/lib/auth-context";
import { cn } from "@/lib/utils";
import { ModelAvatar } from "./model-avatar";
import { useTranslation } from "react-i18next";

/** One model in the picker: name, description, Vision/Research badges, and why it is unavailable. */
export function ModelCard({
  model,
  selected,
  onSelect,
}: {
  model: ModelAvailability;
  selected: boolean;
  onSelect: (id: string) => void;
}) {
  const { t } = useTranslation("chat");
  const reasonId = `model-${model.id.replace(/[^a-z0-9-]/gi, "-")}-reason`;
  // An instance admin can connect what is missing; a link cannot sit inside the card's button.
  const connect = useAuth().user?.role === "admin" && !model.available && model.needsConnection === true;
  return (
    <div className="relative">
      <button
        type="button"
        disabled={!model.available}
        aria-pressed={selected}
        aria-describedby={model.unavailableReason ? reasonId : undefined}
        onClick={() => onSelect(model.id)}
        className={cn(
          "group flex h-full w-full items-start gap-3 rounded-xl border bg-card p-3 text-start transition-all outline-none",
          "hover:border-primary/40 hover:bg-accent/40 focus-visible:ring-[3px] focus-visible:ring-ring/40",
          "disabled:cursor-not-allowed disabled:bg-muted/40 disabled:hover:border-border disabled:hover:bg-muted/40",
          selected && "border-primary/60 bg-accent/60 ring-1 ring-primary/30",
        )}
      >
        <ModelAvatar className={cn("mt-0.5", !model.available && "opacity-50 grayscale")} />
        <span className="flex min-w-0 flex-1 flex-col gap-1">
          <span className="flex flex-wrap items-center gap-1.5">
            <span className={cn("font-medium", !model.available && "text-muted-foreground")}>
              {model.name}
            </span>
            {model.vision ? (
              <Badge variant="secondary">
                <Eye aria-hidden="true" />
                {t("model.vision")}
              </Badge>
            ) : null}
            {model.research ? (
              <Badge variant="secondary">
                <Globe aria-hidden="true" />
                {t("model.research")}
              </Badge>
            ) : null}
            {model.requiredPlan ? (
              <Badge
                variant="outline"
                title={t("model.includedFrom", { plan: PLANS[model.requiredPlan].name })}
              >
                <Lock aria-hidden="true" />
                {PLANS[model.requiredPlan].name}
              </Badge>
            ) : null}
            {selected ? (
              <Badge variant="default">
                <Check aria-hidden="true" />
                {t("model.selected")}
              </Badge>
            ) : null}
          </span>
          <span dir="auto" className="text-xs text-muted-foreground">
            {model.description}
          </span>
          {!model.available && model.unavailableReason ? (
            <span
              id={reasonId}
              className={cn(
                "flex items-center gap-1 text-xs text-amber-700 dark:text-amber-400",
                connect && "pe-20",
              )}
            >
              <Lock className="size-3 shrink-0" aria-hidden="true" />
              {model.unavailableReason}
            </span>
          ) : null}
        </span>
      </button>
      {connect ? (
        <Link
          to="/dashboard/admin/connections"
          className="absolute end-3 bottom-3 text-xs font-medium text-primary underline-offset-4 hover:underline"
        >
          {t("model.connect")}
        </Link>
      ) : null}
    </div>
  );
}
