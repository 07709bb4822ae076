// Where a source lives: a web page's domain, or the part of this workspace an in-app source comes
// from (its domain would only be the server's placeholder host). In-app places are named in words by
// the page, in the reader's language.
import type { SearchSource } from "@tessera/contracts";
import { isInAppPath } from "@/lib/safe-href";

export type SourcePlace =
  | { kind: "web"; host: string }
  /** The Tessera help, the person's documents, or another page of the app. */
  | { kind: "help" | "documents" | "app" };

export function sourcePlace(source: SearchSource): SourcePlace {
  if (isInAppPath(source.url)) {
    if (source.url.startsWith("/help")) return { kind: "help" };
    if (source.url.startsWith("/dashboard/documents")) return { kind: "documents" };
    return { kind: "app" };
  }
  let host = source.domain;
  if (!host) {
    try {
      host = new URL(source.url).hostname.replace(/^www\./, "");
    } catch {
      host = source.url;
    }
  }
  return { kind: "web", host };
}
