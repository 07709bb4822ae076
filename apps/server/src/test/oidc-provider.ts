// A real OpenID provider on loopback for the tests and the journey of company sign-in: `oidc-provider` (a certified
// implementation) with one confidential client and the accounts a test names. Its development
// login page takes any account id as the login (with any password) and then asks for consent;
// `signInAtProvider` walks both forms over HTTP as a browser would.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { exportJWK, generateKeyPair } from "jose";
import Provider from "oidc-provider";

export interface TestAccount {
  email: string;
  email_verified?: boolean;
  name?: string;
  groups?: string[];
  is_admin?: boolean;
}

export interface TestOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  close(): Promise<void>;
}

export async function startOidcProvider(opts: {
  accounts: Record<string, TestAccount>;
  redirectUris: string[];
  clientId?: string;
  clientSecret?: string;
  /**
   * The issuer's host: 127.0.0.1, or `localhost` where a browser signs in (the journeys), so its
   * cookies and an app's on 127.0.0.1 are kept apart.
   */
  host?: "127.0.0.1" | "localhost";
}): Promise<TestOidcProvider> {
  const clientId = opts.clientId ?? "tessera";
  const clientSecret = opts.clientSecret ?? "provider-side-secret-0123456789";
  let handler: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => res.end();
  const server = createServer((req, res) => handler(req, res));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const issuer = `http://${opts.host ?? "127.0.0.1"}:${(server.address() as AddressInfo).port}`;
  const { privateKey } = await generateKeyPair("RS256", { extractable: true });
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: opts.redirectUris,
        grant_types: ["authorization_code"],
        response_types: ["code"],
        token_endpoint_auth_method: "client_secret_basic",
      },
    ],
    jwks: { keys: [{ ...(await exportJWK(privateKey)), alg: "RS256", use: "sig", kid: "test-key" }] },
    cookies: { keys: ["a cookie key for tests only"] },
    claims: {
      openid: ["sub"],
      email: ["email", "email_verified"],
      profile: ["name", "groups", "is_admin"],
    },
    findAccount: (_ctx, id) => {
      const account = opts.accounts[id];
      if (!account) return undefined;
      return { accountId: id, claims: () => ({ sub: id, ...account }) };
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
    clientId,
    clientSecret,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A cookie jar per origin, enough for the provider's interaction and session cookies. */
class Jar {
  private cookies = new Map<string, Map<string, string>>();
  header(url: string): string {
    const held = this.cookies.get(new URL(url).origin);
    return held ? [...held].map(([k, v]) => `${k}=${v}`).join("; ") : "";
  }
  take(url: string, res: Response) {
    const origin = new URL(url).origin;
    const held = this.cookies.get(origin) ?? new Map<string, string>();
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const eq = pair!.indexOf("=");
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      if (/expires=thu, 01 jan 1970/i.test(line) || value === "") held.delete(name);
      else held.set(name, value);
    }
    this.cookies.set(origin, held);
  }
}

/**
 * From the provider's authorization URL to its redirect back to Tessera: signs in as `login` on the
 * provider's login form, consents, and answers the URL of Tessera's callback it was sent to.
 */
export async function signInAtProvider(authorizationUrl: string, login: string): Promise<string> {
  const jar = new Jar();
  let url = authorizationUrl;
  let method = "GET";
  let body: string | undefined;
  const issuerOrigin = new URL(authorizationUrl).origin;
  for (let hop = 0; hop < 20; hop++) {
    const res = await fetch(url, {
      method,
      redirect: "manual",
      headers: {
        cookie: jar.header(url),
        ...(body ? { "content-type": "application/x-www-form-urlencoded" } : {}),
      },
      body,
    });
    jar.take(url, res);
    const location = res.headers.get("location");
    if (res.status >= 300 && res.status < 400 && location) {
      const next = new URL(location, url).toString();
      if (new URL(next).origin !== issuerOrigin) return next;
      url = next;
      method = "GET";
      body = undefined;
      continue;
    }
    const html = await res.text();
    if (res.status !== 200) throw new Error(`the provider answered ${res.status}: ${html.slice(0, 300)}`);
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    if (!action) throw new Error(`no form on the provider's page: ${html.slice(0, 300)}`);
    const prompt = /name="prompt" value="([^"]+)"/.exec(html)?.[1];
    url = new URL(action.replace(/&amp;/g, "&"), url).toString();
    method = "POST";
    body =
      prompt === "login"
        ? new URLSearchParams({ prompt: "login", login, password: "any password" }).toString()
        : new URLSearchParams({ prompt: prompt ?? "consent" }).toString();
  }
  throw new Error("the provider kept redirecting");
}
