// Where a source lives, in words: a web page's domain, or the part of this workspace an in-app
// source comes from (its domain would only be the server's placeholder host).
import type { SearchSource } from "@tessera/contracts";
import { isInAppPath } from "@/lib/safe-href";

export interface SourcePlace {
  kind: "web" | "help" | "document";
  label: string;
}

export function sourcePlace(source: SearchSource): SourcePlace {
  if (isInAppPath(source.url)) {
    if (source.url.startsWith("/help")) return { kind: "help", label: "Tessera help" };
    if (source.url.startsWith("/dashboard/documents")) return { kind: "document", label: "Your documents" };
    return { kind: "document", label: "Tessera" };
  }
  let host = source.domain;
  if (!host) {
    try {
      host = new URL(source.url).hostname.replace(/^www\./, "");
    } catch {
      host = source.url;
    }
  }
  return { kind: "web", label: host };
}
