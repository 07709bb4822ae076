// The calls company sign-in makes to the OpenID provider, all through the guarded client: its
// discovery document, its signing keys, the code exchange and the userinfo endpoint. Discovery and
// keys are kept per issuer and client (a new configuration starts afresh; keys are read again when a
// token names one not seen yet, at most once a minute).
import { createLocalJWKSet, type JSONWebKeySet, type JWTVerifyGetKey } from "jose";
import { guardedFetch, type GuardedFetchOptions } from "../../lib/guarded-fetch";
import { AppError } from "../../lib/errors";

export interface OidcMetadata {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  jwks_uri: string;
  userinfo_endpoint?: string;
  id_token_signing_alg_values_supported?: string[];
  token_endpoint_auth_methods_supported?: string[];
}

export interface OidcFetchOptions {
  /** Development and tests only (OUTBOUND_ALLOW_PRIVATE): the provider may be on a private address. */
  allowPrivate: boolean;
  /** Origins the operator vouches for (an issuer set in the environment), reachable though private. */
  trustedOrigins?: () => readonly string[];
  timeoutMs?: number;
}

const MAX_BYTES = 1024 * 1024;
const KEYS_REFRESH_MS = 60_000;
const METADATA_TTL_MS = 60 * 60_000;

const fetchOptions = (opts: OidcFetchOptions): GuardedFetchOptions => ({
  timeoutMs: opts.timeoutMs ?? 10_000,
  maxBytes: MAX_BYTES,
  allowPrivate: opts.allowPrivate,
  trustedOrigins: opts.trustedOrigins?.(),
});

function parseJson(bytes: Uint8Array): unknown {
  try {
    return JSON.parse(Buffer.from(bytes).toString("utf8"));
  } catch {
    return null;
  }
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);
const isHttpUrl = (v: unknown): v is string =>
  typeof v === "string" && URL.canParse(v) && /^https?:$/.test(new URL(v).protocol);

/**
 * The provider's discovery document, checked as OpenID Connect Discovery says: it names this very
 * issuer and the endpoints sign-in needs. Fails with a message an admin can act on.
 */
export async function discoverOidc(issuer: string, opts: OidcFetchOptions): Promise<OidcMetadata> {
  const url = `${issuer.replace(/\/+$/, "")}/.well-known/openid-configuration`;
  const unusable = (why: string) =>
    new AppError("BAD_REQUEST", `The provider's discovery document at ${url} ${why}`);
  const res = await guardedFetch(url, fetchOptions(opts)).catch((err: unknown) => {
    const reason = err instanceof AppError ? err.message : "could not be read.";
    throw new AppError("BAD_REQUEST", `Tessera could not read ${url}: ${reason}`, { cause: err });
  });
  if (res.status !== 200) throw unusable(`answered ${res.status}. Check the issuer URL.`);
  const doc = parseJson(res.bytes);
  if (!isRecord(doc)) throw unusable("is not JSON.");
  if (doc.issuer !== issuer && doc.issuer !== `${issuer}/`)
    throw unusable(`names another issuer (${String(doc.issuer).slice(0, 200)}).`);
  for (const key of ["authorization_endpoint", "token_endpoint", "jwks_uri"] as const)
    if (!isHttpUrl(doc[key])) throw unusable(`has no ${key}.`);
  return {
    issuer: doc.issuer,
    authorization_endpoint: doc.authorization_endpoint as string,
    token_endpoint: doc.token_endpoint as string,
    jwks_uri: doc.jwks_uri as string,
    userinfo_endpoint: isHttpUrl(doc.userinfo_endpoint) ? doc.userinfo_endpoint : undefined,
    id_token_signing_alg_values_supported: stringList(doc.id_token_signing_alg_values_supported),
    token_endpoint_auth_methods_supported: stringList(doc.token_endpoint_auth_methods_supported),
  };
}

const stringList = (v: unknown) =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : undefined;

export interface OidcSession {
  metadata: OidcMetadata;
  /** Resolves the key an ID token names, reading the provider's keys again for one not seen yet. */
  keys: JWTVerifyGetKey;
}

/** Discovery and keys, kept per issuer and client id; `forget` drops them (a configuration changed). */
export function createOidcClient(opts: OidcFetchOptions) {
  const held = new Map<string, { at: number; session: Promise<OidcSession>; issuer?: string }>();

  const readKeys = async (jwksUri: string): Promise<JSONWebKeySet> => {
    const res = await guardedFetch(jwksUri, fetchOptions(opts));
    const body = parseJson(res.bytes);
    if (res.status !== 200 || !isRecord(body) || !Array.isArray(body.keys))
      throw new AppError("BAD_REQUEST", "The provider's signing keys could not be read.");
    return body as unknown as JSONWebKeySet;
  };

  const open = async (issuer: string): Promise<OidcSession> => {
    const metadata = await discoverOidc(issuer, opts);
    let local = createLocalJWKSet(await readKeys(metadata.jwks_uri));
    let readAt = Date.now();
    const keys: JWTVerifyGetKey = async (header, token) => {
      try {
        return await local(header, token);
      } catch (err) {
        // A key rotated since they were read: read them again, not more than once a minute.
        if (Date.now() - readAt < KEYS_REFRESH_MS) throw err;
        local = createLocalJWKSet(await readKeys(metadata.jwks_uri));
        readAt = Date.now();
        return local(header, token);
      }
    };
    return { metadata, keys };
  };

  return {
    session(issuer: string, clientId: string): Promise<OidcSession> {
      const key = `${issuer}\n${clientId}`;
      const found = held.get(key);
      if (found && Date.now() - found.at < METADATA_TTL_MS) return found.session;
      const entry: { at: number; session: Promise<OidcSession>; issuer?: string } = {
        at: Date.now(),
        session: open(issuer),
      };
      held.set(key, entry);
      entry.session.then(
        // As the provider spells it (with its trailing slash, if it has one), for RFC 9207's check.
        (opened) => (entry.issuer = opened.metadata.issuer),
        // A failure is not kept: the next sign-in asks the provider again.
        () => held.delete(key),
      );
      return entry.session;
    },
    /** The issuer as its discovery named it, once read (RFC 9207's `iss` check). */
    knownIssuer(issuer: string, clientId: string): string | undefined {
      return held.get(`${issuer}\n${clientId}`)?.issuer;
    },
    forget() {
      held.clear();
    },
    /** POSTs a form to the token endpoint; the JSON answer, or an error carrying the provider's reason. */
    async postForm(url: string, body: URLSearchParams, headers: Record<string, string>) {
      const res = await guardedFetch(url, {
        ...fetchOptions(opts),
        method: "POST",
        headers,
        body: new Uint8Array(Buffer.from(body.toString(), "utf8")),
      });
      const json = parseJson(res.bytes);
      if (res.status !== 200 || !isRecord(json)) {
        const reason = isRecord(json) && typeof json.error === "string" ? json.error : `status ${res.status}`;
        throw new AppError("BAD_REQUEST", `The provider refused the code exchange (${reason}).`);
      }
      return json;
    },
    /** The userinfo endpoint's claims for an access token, or null when it gives none. */
    async userinfo(url: string, accessToken: string): Promise<Record<string, unknown> | null> {
      const res = await guardedFetch(url, {
        ...fetchOptions(opts),
        headers: { authorization: `Bearer ${accessToken}`, accept: "application/json" },
      });
      const json = parseJson(res.bytes);
      return res.status === 200 && isRecord(json) ? json : null;
    },
  };
}
export type OidcClient = ReturnType<typeof createOidcClient>;
