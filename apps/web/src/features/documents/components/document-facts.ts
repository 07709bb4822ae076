import type { DocumentSummary } from "@tessera/contracts";
import { useTranslation } from "react-i18next";
import { formatDay } from "@/lib/utils";

/** "12,400 characters · 6 passages · docs.example.org · Jan 3, 2026", in the app's language. */
export function useDocumentFacts(): (doc: DocumentSummary) => string {
  const { t } = useTranslation("documents");
  return (doc) => {
    const parts = [
      t("facts.characters", { count: doc.characters }),
      t("facts.passages", { count: doc.passages }),
    ];
    if (doc.source_url) {
      try {
        parts.push(new URL(doc.source_url).hostname.replace(/^www\./, ""));
      } catch {
        // An address the server stored is always absolute; nothing to show otherwise.
      }
    }
    parts.push(formatDay(doc.created_at));
    return parts.join(" · ");
  };
}
