import { toast } from "@/lib/toast";

/** Copies text and says so (the spec's 'Copied to clipboard' / 'Copy failed'). */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    toast.success("Copied to clipboard");
    return true;
  } catch (error) {
    toast.error("Copy failed", {
      description: error instanceof Error ? error.message : "The browser did not allow it.",
    });
    return false;
  }
}
