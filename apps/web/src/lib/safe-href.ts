// Spec §5: links in rendered text may only use http, https, mailto or tel; anything else (javascript:,
// data:, vbscript:, unknown schemes) becomes an inert "#". Paths inside this app stay usable.
// Pictures in rendered text load only from the files this app stores.

const ALLOWED_PROTOCOLS = new Set(["http:", "https:", "mailto:", "tel:"]);

export const INERT_HREF = "#";

/** True for a path inside this app ("/help/x"), not a protocol-relative URL ("//evil.example"). */
export function isInAppPath(href: string): boolean {
  return href.startsWith("/") && !href.startsWith("//") && !href.startsWith("/\\");
}

function parses(url: string): boolean {
  try {
    new URL(url);
    return true;
  } catch {
    return false;
  }
}

export function safeHref(href: string | null | undefined): string {
  const value = (href ?? "").trim();
  if (!value) return INERT_HREF;
  if (isInAppPath(value)) return value;
  // Control characters and whitespace inside a scheme ("java\tscript:") are ignored by browsers.
  const compact = [...value].filter((c) => c.charCodeAt(0) > 0x20 && c.charCodeAt(0) !== 0x7f).join("");
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(compact)?.[1];
  if (!scheme) return INERT_HREF;
  const protocol = `${scheme.toLowerCase()}:`;
  if (!ALLOWED_PROTOCOLS.has(protocol)) return INERT_HREF;
  // A web address the browser cannot parse ("http://", as a stream cuts a link short) goes nowhere.
  if ((protocol === "http:" || protocol === "https:") && !parses(value)) return INERT_HREF;
  return value;
}

const BASE = "http://app.invalid";
const STORED_FILES = "files";

/**
 * One segment of a picture's path as the server will read it: percent-decoded once. False when that
 * could name something else than a plain name: a broken escape, a dot segment, an encoded slash or
 * backslash ("..%2f" is "../" to a server that decodes before it splits), an escape left after
 * decoding (decoded twice, "%252e%252e" is ".."), a control character, or nothing at all.
 */
function isPlainSegment(segment: string): boolean {
  let name: string;
  try {
    name = decodeURIComponent(segment);
  } catch {
    return false;
  }
  if (name === "" || name === "." || name === "..") return false;
  // eslint-disable-next-line no-control-regex -- control characters are what this looks for
  return !/[/\\%\u0000-\u001f\u007f]/.test(name);
}

/**
 * A picture in rendered text is shown only when it is one of the files this app stores (/files/…),
 * as the browser would resolve it ("/files/../api/x" is /api/x) and as the server would read it
 * (every segment decoded, none a way out). Never another origin, and never an API path: text that
 * names /api/image-proxy?url=… would have the server fetch any address it likes, query string and
 * all, the moment the text is shown.
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
  if (url.origin !== BASE) return null;
  const [root, ...rest] = url.pathname.split("/").slice(1);
  if (root !== STORED_FILES || rest.length === 0) return null;
  if (!rest.every(isPlainSegment)) return null;
  return `${url.pathname}${url.search}`;
}
