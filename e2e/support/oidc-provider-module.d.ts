// The part of oidc-provider's API the journey uses (the package ships no types).
declare module "oidc-provider" {
  import type { IncomingMessage, ServerResponse } from "node:http";

  interface Configuration {
    clients: Record<string, unknown>[];
    jwks: { keys: Record<string, unknown>[] };
    cookies: { keys: string[] };
    claims: Record<string, string[]>;
    findAccount: (
      ctx: unknown,
      id: string,
    ) => { accountId: string; claims: () => Record<string, unknown> } | undefined;
    features: Record<string, { enabled: boolean }>;
    ttl: Record<string, number>;
  }

  export default class Provider {
    constructor(issuer: string, configuration: Configuration);
    callback(): (req: IncomingMessage, res: ServerResponse) => Promise<void>;
  }
}
