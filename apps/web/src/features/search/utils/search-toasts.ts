// The one place the search pages raise error toasts (spec §8): "Search failed" over the reason.
import { SEARCH_MESSAGES } from "@tessera/contracts";
import { toast } from "@/lib/toast";

export function showSearchError(message: string = SEARCH_MESSAGES.failed, title = "Search failed"): void {
  toast.error(title, { description: message });
}
