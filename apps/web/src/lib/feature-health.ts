// Feature isolation (spec §4): a feature that fails 3 times is disabled for 5 minutes, so one broken
// area cannot keep crashing the page. Status: healthy (no failures), degraded (some), disabled.
export const FEATURE_FAILURE_LIMIT = 3;
export const FEATURE_COOLDOWN_MS = 5 * 60 * 1000;

export type FeatureHealth = "healthy" | "degraded" | "disabled";

interface Record {
  failures: number;
  disabledUntil: number | null;
}

const records = new Map<string, Record>();

function recordOf(feature: string, now: number): Record {
  const record = records.get(feature) ?? { failures: 0, disabledUntil: null };
  // A cooldown that has passed gives the feature a clean slate.
  if (record.disabledUntil !== null && now >= record.disabledUntil) {
    record.failures = 0;
    record.disabledUntil = null;
  }
  records.set(feature, record);
  return record;
}

export function recordFeatureFailure(feature: string, now = Date.now()): FeatureHealth {
  const record = recordOf(feature, now);
  record.failures += 1;
  if (record.failures >= FEATURE_FAILURE_LIMIT) record.disabledUntil = now + FEATURE_COOLDOWN_MS;
  return featureHealth(feature, now);
}

export function featureHealth(feature: string, now = Date.now()): FeatureHealth {
  const record = recordOf(feature, now);
  if (record.disabledUntil !== null) return "disabled";
  return record.failures > 0 ? "degraded" : "healthy";
}

/** A render that succeeded after failures: the feature is healthy again. */
export function recordFeatureRecovery(feature: string): void {
  const record = records.get(feature);
  if (record && record.disabledUntil === null) record.failures = 0;
}

/** For tests: forget every failure. */
export function resetFeatureHealth(): void {
  records.clear();
}
