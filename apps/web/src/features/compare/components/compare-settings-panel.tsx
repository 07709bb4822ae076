import { Info } from "lucide-react";
import { Tooltip, TooltipContent, TooltipTrigger } from "@/components/ui/tooltip";
import { useCompareSettings } from "../hooks/use-compare-settings";
import { AUTO_RATING } from "../hooks/use-comparison-run";
import { LabelledSwitch } from "./labelled-switch";

const AUTO_RATE_RULE = `When every answer has finished (and none was stopped), the fastest complete answer gets ${AUTO_RATING} stars unless you rated it already. Speed is not quality: rate the others yourself and change any rating at will.`;

/** The dialog's Settings: the two comparison settings of spec §3, kept in this browser. */
export function CompareSettingsPanel({ id }: { id: string }) {
  const settings = useCompareSettings();
  return (
    <section
      id={id}
      aria-label="Comparison settings"
      className="grid animate-fade-in gap-4 rounded-xl border bg-muted/40 p-4 sm:grid-cols-2"
    >
      <LabelledSwitch
        label="Show metrics"
        hint="Time to first token, total time, tokens, speed and cost on each card."
        checked={settings.showMetrics}
        onCheckedChange={settings.setShowMetrics}
      />
      <div className="flex items-start gap-1">
        <LabelledSwitch
          label="Auto-rate"
          hint={`The fastest complete answer gets ${AUTO_RATING} stars.`}
          checked={settings.autoRate}
          onCheckedChange={settings.setAutoRate}
        />
        <Tooltip>
          <TooltipTrigger asChild>
            <button
              type="button"
              aria-label="How auto-rate works"
              className="rounded-md p-0.5 text-muted-foreground outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/40"
            >
              <Info className="size-4" aria-hidden="true" />
            </button>
          </TooltipTrigger>
          <TooltipContent className="max-w-72 leading-relaxed">{AUTO_RATE_RULE}</TooltipContent>
        </Tooltip>
      </div>
    </section>
  );
}
