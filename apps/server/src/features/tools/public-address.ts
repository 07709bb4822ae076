// A team's server must be on a public address (unless the operator allows private ones): checked on
// save, so the owner learns at once, and again at every connection by the guarded transport.
import { lookup } from "node:dns/promises";
import { isIP } from "node:net";
import { AppError } from "../../lib/errors";
import { isPublicAddress } from "../../lib/guarded-fetch";

export async function requirePublicAddress(url: string): Promise<void> {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, "");
  const addresses = isIP(host)
    ? [host]
    : await lookup(host, { all: true }).then(
        (found) => found.map((a) => a.address),
        () => [],
      );
  if (addresses.length === 0) throw new AppError("BAD_REQUEST", `${host} could not be found.`);
  if (!addresses.every(isPublicAddress))
    throw new AppError(
      "BAD_REQUEST",
      "A team's MCP server must be on a public address: this one is on a private network.",
    );
}
