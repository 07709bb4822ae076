// Addresses people give us that are kept and later shown as links, loaded as pictures or fetched by
// the server. `z.string().url()` alone takes javascript:, data: and file: addresses too, and any of
// those turns into script, a smuggled page or a local file the moment it is followed.
import { z } from "zod";

export const HTTP_URL_MESSAGE = "must be an http:// or https:// address";

/** An absolute http(s) address, trimmed, at most `max` characters; any other scheme is a 400. */
export const httpUrlSchema = (max = 2048) =>
  z
    .string()
    .trim()
    .max(max)
    .url({ protocol: /^https?$/, error: HTTP_URL_MESSAGE });
