// The part of oidc-provider's API the tests use (the package ships no types; @types/oidc-provider
// would be one more dependency for three calls).
declare module "oidc-provider" {
  import type { IncomingMessage, ServerResponse } from "node:http";

  interface Account {
    accountId: string;
    claims: () => Record<string, unknown>;
  }

  interface Configuration {
    clients: Record<string, unknown>[];
    jwks: { keys: Record<string, unknown>[] };
    cookies: { keys: string[] };
    claims: Record<string, string[]>;
    findAccount: (ctx: unknown, id: string) => Account | undefined;
    features: Record<string, { enabled: boolean }>;
    ttl: Record<string, number>;
  }

  export default class Provider {
    constructor(issuer: string, configuration: Configuration);
    callback(): (req: IncomingMessage, res: ServerResponse) => Promise<void>;
  }
}
