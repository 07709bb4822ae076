// A real OpenID provider on loopback for the company sign-in journey: oidc-provider (a certified
// implementation) with one confidential client and the journey's accounts. Its development login
// page takes an account id as the login (any password), then asks for consent.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { exportJWK, generateKeyPair } from "jose";
import Provider from "oidc-provider";

export interface ProviderAccount {
  email: string;
  email_verified: boolean;
  name: string;
  groups?: string[];
}

export async function startOidcProvider(opts: {
  accounts: Record<string, ProviderAccount>;
  redirectUri: string;
  clientId: string;
  clientSecret: string;
}): Promise<{ issuer: string; close: () => Promise<void> }> {
  let handler: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => res.end();
  const server = createServer((req, res) => handler(req, res));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  // By name, so its cookies and the app's (on 127.0.0.1) are kept apart by the browser.
  const issuer = `http://localhost:${(server.address() as AddressInfo).port}`;
  const { privateKey } = await generateKeyPair("RS256", { extractable: true });
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: opts.clientId,
        client_secret: opts.clientSecret,
        redirect_uris: [opts.redirectUri],
        grant_types: ["authorization_code"],
        response_types: ["code"],
        token_endpoint_auth_method: "client_secret_basic",
      },
    ],
    jwks: { keys: [{ ...(await exportJWK(privateKey)), alg: "RS256", use: "sig", kid: "journey-key" }] },
    cookies: { keys: ["a cookie key for the journey only"] },
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name", "groups"] },
    findAccount: (_ctx, id) => {
      const account = opts.accounts[id];
      return account ? { accountId: id, claims: () => ({ sub: id, ...account }) } : undefined;
    },
    features: { devInteractions: { enabled: true } },
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      IdToken: 600,
      Interaction: 600,
      Session: 600,
      Grant: 600,
    },
  });
  const callback = provider.callback();
  handler = (req, res) => void callback(req, res);
  return {
    issuer,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
