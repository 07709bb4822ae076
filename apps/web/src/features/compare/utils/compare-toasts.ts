// The one place the comparison pages raise error toasts. Spec §5's two messages read
// "Title: description" and are shown split that way; anything else goes under the caller's title.
import { COMPARISON_MESSAGES } from "@tessera/contracts";
import { toast } from "@/lib/toast";
import { errorMessage } from "@/lib/api-client";

const TITLED: readonly string[] = [
  COMPARISON_MESSAGES.invalidInput,
  COMPARISON_MESSAGES.modelLimit,
  COMPARISON_MESSAGES.tooLong,
];

export function showComparisonError(error: unknown, title = "Error"): void {
  const message = typeof error === "string" ? error : errorMessage(error);
  const split = message.indexOf(": ");
  if (TITLED.includes(message) && split > 0) {
    toast.error(message.slice(0, split), { description: message.slice(split + 2) });
    return;
  }
  toast.error(title, { description: message });
}
