import { Info } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Tooltip, TooltipContent, TooltipTrigger } from "@/components/ui/tooltip";
import { useCompareSettings } from "../hooks/use-compare-settings";
import { AUTO_RATING } from "../hooks/use-comparison-run";
import { LabelledSwitch } from "./labelled-switch";

/** The dialog's Settings: the two comparison settings of spec §3, kept in this browser. */
export function CompareSettingsPanel({ id }: { id: string }) {
  const { t } = useTranslation("compare");
  const settings = useCompareSettings();
  return (
    <section
      id={id}
      aria-label={t("settings.label")}
      className="grid animate-fade-in gap-4 rounded-xl border bg-muted/40 p-4 sm:grid-cols-2"
    >
      <LabelledSwitch
        label={t("settings.showMetrics")}
        hint={t("settings.showMetricsHint")}
        checked={settings.showMetrics}
        onCheckedChange={settings.setShowMetrics}
      />
      <div className="flex items-start gap-1">
        <LabelledSwitch
          label={t("settings.autoRate")}
          hint={t("settings.autoRateHint", { count: AUTO_RATING })}
          checked={settings.autoRate}
          onCheckedChange={settings.setAutoRate}
        />
        <Tooltip>
          <TooltipTrigger asChild>
            <button
              type="button"
              aria-label={t("settings.howAutoRate")}
              className="rounded-md p-0.5 text-muted-foreground outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/40"
            >
              <Info className="size-4" aria-hidden="true" />
            </button>
          </TooltipTrigger>
          <TooltipContent className="max-w-72 leading-relaxed">
            {t("settings.autoRateRule", { count: AUTO_RATING })}
          </TooltipContent>
        </Tooltip>
      </div>
    </section>
  );
}
