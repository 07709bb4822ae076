import type { DocumentSummary } from "@tessera/contracts";
import { formatCount, formatDay } from "@/lib/utils";

/** "12,400 characters · 6 passages · docs.example.org · Jan 3, 2026" */
export function documentFacts(doc: DocumentSummary): string {
  const parts = [
    `${formatCount(doc.characters)} characters`,
    `${doc.passages} ${doc.passages === 1 ? "passage" : "passages"}`,
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
}
