// Remote pictures never load from their hosts (the CSP forbids it): the server hands out signed
// same-origin image-proxy addresses for them (`thumbnailSrc`, `faviconSrc`, an image's `src`), which
// an <img> loads without a bearer token. Only such in-app addresses are shown; anything else is not.
import { isInAppPath } from "@/lib/safe-href";

export function imageSrc(src: string | undefined): string | null {
  const value = src?.trim();
  return value && isInAppPath(value) ? value : null;
}
