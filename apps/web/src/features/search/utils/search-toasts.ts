// The one place the search pages raise error toasts (spec §8): "Search failed" over the reason.
import i18next from "i18next";
import { toast } from "@/lib/toast";

export function showSearchError(
  message: string = i18next.t("search:errors.failed"),
  title: string = i18next.t("search:errors.title"),
): void {
  toast.error(title, { description: message });
}
