// The one place the comparison pages raise error toasts. Spec §5's two messages read
// "Title: description" and are shown split that way; anything else goes under the caller's title.
import { COMPARISON_MESSAGES } from "@tessera/contracts";
import i18next from "i18next";
import { toast } from "@/lib/toast";
import { errorMessage } from "@/lib/api-client";

const TITLED: readonly string[] = [
  COMPARISON_MESSAGES.invalidInput,
  COMPARISON_MESSAGES.modelLimit,
  COMPARISON_MESSAGES.tooLong,
];

/** The toast titles callers pick from, in the compare namespace's errors. */
export type ComparisonErrorTitle =
  "error" | "stopFailed" | "startFailed" | "ratingFailed" | "retryFailed" | "continueFailed" | "deleteFailed";

export function showComparisonError(error: unknown, titleKey: ComparisonErrorTitle = "error"): void {
  const title = i18next.t(`compare:errors.${titleKey}`);
  const message = typeof error === "string" ? error : errorMessage(error);
  const split = message.indexOf(": ");
  if (TITLED.includes(message) && split > 0) {
    toast.error(message.slice(0, split), { description: message.slice(split + 2) });
    return;
  }
  toast.error(title, { description: message });
}
