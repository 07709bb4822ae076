// The dialog's Settings (spec §3 "Comparison settings"): showMetrics and autoRate, kept in this
// browser so they survive a reload.
import {
  readCompareAutoRate,
  readCompareShowMetrics,
  saveCompareAutoRate,
  saveCompareShowMetrics,
  usePreference,
} from "@/lib/local-preferences";

export interface CompareSettings {
  showMetrics: boolean;
  autoRate: boolean;
}

export function useCompareSettings() {
  const showMetrics = usePreference(() => String(readCompareShowMetrics())) === "true";
  const autoRate = usePreference(() => String(readCompareAutoRate())) === "true";
  return {
    showMetrics,
    autoRate,
    setShowMetrics: saveCompareShowMetrics,
    setAutoRate: saveCompareAutoRate,
  };
}
