import type { DocumentSummary } from "@tessera/contracts";
import { formatCount } from "@/lib/utils";

const date = new Intl.DateTimeFormat("en", { dateStyle: "medium" });

/** "12,400 characters · 6 passages · docs.example.org · 3 Jan 2026" */
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
  parts.push(date.format(new Date(doc.created_at)));
  return parts.join(" · ");
}
