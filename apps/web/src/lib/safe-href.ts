// Spec §5: links in rendered text may only use http, https, mailto or tel; anything else (javascript:,
// data:, vbscript:, unknown schemes) becomes an inert "#". Paths inside this app stay usable.

const ALLOWED_PROTOCOLS = new Set(["http:", "https:", "mailto:", "tel:"]);

export const INERT_HREF = "#";

/** True for a path inside this app ("/help/x"), not a protocol-relative URL ("//evil.example"). */
export function isInAppPath(href: string): boolean {
  return href.startsWith("/") && !href.startsWith("//") && !href.startsWith("/\\");
}

export function safeHref(href: string | null | undefined): string {
  const value = (href ?? "").trim();
  if (!value) return INERT_HREF;
  if (isInAppPath(value)) return value;
  // Control characters and whitespace inside a scheme ("java\tscript:") are ignored by browsers.
  const compact = [...value].filter((c) => c.charCodeAt(0) > 0x20 && c.charCodeAt(0) !== 0x7f).join("");
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(compact)?.[1];
  if (!scheme) return INERT_HREF;
  return ALLOWED_PROTOCOLS.has(`${scheme.toLowerCase()}:`) ? value : INERT_HREF;
}
