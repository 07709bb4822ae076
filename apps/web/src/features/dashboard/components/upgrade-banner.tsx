// Shown only to someone who is not subscribed (spec 000 §2): the way to the pricing page, or, where
// the instance sells no plans, that every feature is open already.
import { Sparkles } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";

export function UpgradeBanner({ selling = true }: { selling?: boolean }) {
  const { t } = useTranslation("dashboard");
  return (
    <section
      aria-labelledby="upgrade-heading"
      className="relative flex flex-col gap-4 overflow-hidden rounded-2xl border border-primary/20 bg-gradient-to-br from-primary/10 via-primary/5 to-transparent p-5 sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="flex items-start gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-primary text-primary-foreground shadow-sm shadow-primary/30">
          <Sparkles className="size-5" aria-hidden="true" />
        </span>
        <div className="flex flex-col gap-1">
          <h2 id="upgrade-heading" className="font-semibold">
            {t(selling ? "upgrade.title" : "upgrade.openTitle")}
          </h2>
          <p className="text-sm text-muted-foreground">{t(selling ? "upgrade.text" : "plan.notSold")}</p>
        </div>
      </div>
      {selling ? (
        <Button asChild className="self-start sm:self-auto">
          <Link to="/pricing">{t("upgrade.button")}</Link>
        </Button>
      ) : null}
    </section>
  );
}
