// Pictures of search results load through the image proxy in an <img>, which cannot carry a bearer
// token. The server hands out proxy addresses signed with a short-lived HMAC instead: an address lets
// whoever holds it have that one picture fetched (guarded, as ever) for about an hour, nothing else.
import { createHmac, hkdfSync, timingSafeEqual } from "node:crypto";
import { IMAGE_PROXY_PATH } from "@tessera/contracts";

export const SIGNED_IMAGE_TTL_MS = 60 * 60_000;
/** Expiries are rounded up to this step, so a picture keeps one address (and its cached copy) a while. */
const EXPIRY_STEP_MS = 10 * 60_000;

export type SignatureCheck = "valid" | "expired" | "invalid";

export function createImageProxySigner(authSecret: string) {
  // A key of its own, derived with HKDF: nothing signed with the auth secret itself verifies here.
  const key = Buffer.from(hkdfSync("sha256", authSecret, "", "tessera/image-proxy/url-signature/v1", 32));
  const mac = (url: string, exp: string) => createHmac("sha256", key).update(`${exp}\n${url}`).digest();

  return {
    /** The signed proxy address of a remote http(s) picture; undefined for anything else. */
    src: (url: string | undefined, now = Date.now()): string | undefined => {
      if (!url || !/^https?:\/\//i.test(url)) return undefined;
      const exp = String(Math.ceil((now + SIGNED_IMAGE_TTL_MS) / EXPIRY_STEP_MS) * (EXPIRY_STEP_MS / 1000));
      const sig = mac(url, exp).toString("base64url");
      return `${IMAGE_PROXY_PATH}?${new URLSearchParams({ url, exp, sig }).toString()}`;
    },
    check: (
      url: string,
      exp: string | undefined,
      sig: string | undefined,
      now = Date.now(),
    ): SignatureCheck => {
      if (!exp || !sig) return "invalid";
      // Compared as text, so no second spelling of the same bytes passes.
      const given = Buffer.from(sig);
      const expected = Buffer.from(mac(url, exp).toString("base64url"));
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return "invalid";
      return Number(exp) * 1000 > now ? "valid" : "expired";
    },
  };
}
export type ImageProxySigner = ReturnType<typeof createImageProxySigner>;
