// Spec §5: links in rendered text may only use http, https, mailto or tel; anything else (javascript:,
// data:, vbscript:, unknown schemes) becomes an inert "#". Paths inside this app stay usable.
// Pictures in rendered text load only from the files this app stores.

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

const BASE = "http://app.invalid";

/**
 * A picture in rendered text is shown only when it is one of the files this app stores (/files/…),
 * as the browser would resolve it ("/files/../api/x" is /api/x). Never another origin, and never an
 * API path: text that names /api/image-proxy?url=… would have the server fetch any address it likes,
 * query string and all, the moment the text is shown.
 */
export function storedFileSrc(src: string | null | undefined): string | null {
  const value = (src ?? "").trim();
  if (!isInAppPath(value)) return null;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE || !url.pathname.startsWith("/files/")) return null;
  return `${url.pathname}${url.search}`;
}
