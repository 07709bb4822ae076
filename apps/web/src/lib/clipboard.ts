import i18next from "i18next";
import { toast } from "@/lib/toast";

/** Copies text and says so (the spec's 'Copied to clipboard' / 'Copy failed'). */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    toast.success(i18next.t("clipboard.copied"));
    return true;
  } catch (error) {
    toast.error(i18next.t("clipboard.failed"), {
      description: error instanceof Error ? error.message : i18next.t("clipboard.notAllowed"),
    });
    return false;
  }
}
