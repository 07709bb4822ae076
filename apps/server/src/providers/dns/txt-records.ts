// DNS TXT lookups, through the name servers the operator names (DNS_SERVERS) or the system's. Used
// to check the record that proves a team holds a mail domain.
import { Resolver } from "node:dns/promises";

/** The TXT records at a name, each as its strings joined; [] when the name or its records do not exist. */
export type TxtLookup = (name: string) => Promise<string[]>;

/** The name exists nowhere, or holds no TXT record: an answer, not a failure. */
const ABSENT = new Set(["ENOTFOUND", "ENODATA", "NXDOMAIN"]);

export function createTxtLookup(opts: { servers?: string[]; timeoutMs?: number } = {}): TxtLookup {
  const resolver = new Resolver({ timeout: opts.timeoutMs ?? 3_000, tries: 2 });
  if (opts.servers?.length) resolver.setServers(opts.servers);
  return async (name) => {
    try {
      // A record longer than 255 characters comes in pieces, which make one value together.
      return (await resolver.resolveTxt(name)).map((chunks) => chunks.join(""));
    } catch (err) {
      if (ABSENT.has((err as { code?: string }).code ?? "")) return [];
      throw err;
    }
  };
}
