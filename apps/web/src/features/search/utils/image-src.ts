// Remote pictures never load from their hosts (the CSP forbids it): they go through the server's
// same-origin image proxy. Pictures this app serves load as they are; anything else is not shown.
import { proxiedImageUrl } from "@tessera/contracts";
import { isInAppPath } from "@/lib/safe-href";

export function imageSrc(url: string | undefined): string | null {
  const value = url?.trim();
  if (!value) return null;
  if (isInAppPath(value)) return value;
  return /^https?:\/\//i.test(value) ? proxiedImageUrl(value) : null;
}
