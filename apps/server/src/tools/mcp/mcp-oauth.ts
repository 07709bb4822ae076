// A person's sign-in to an MCP server that asks for OAuth, for the SDK's authorization flow
// (client/auth.js: discovery, dynamic registration, PKCE, code exchange, refresh). What the flow
// keeps for a person (their registered client and tokens) is sealed in mcp_oauth_grants; the PKCE
// verifier of a sign-in under way lives with its one-time state (mcp-oauth-states in the routes).
import type { OAuthClientProvider } from "@modelcontextprotocol/sdk/client/auth.js";
import type {
  OAuthClientInformationMixed,
  OAuthClientMetadata,
  OAuthTokens,
} from "@modelcontextprotocol/sdk/shared/auth.js";
import { and, eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { mcpOauthGrants } from "../../db/schema";
import type { Cipher } from "../../lib/crypto";

export interface OAuthGrantDeps {
  db: Database;
  cipher: Cipher;
  /** The callback is `<publicUrl>/api/mcp/oauth/callback`. */
  publicUrl: string;
}

export const callbackUrl = (publicUrl: string) => new URL("/api/mcp/oauth/callback", publicUrl).toString();

/** Why a tool of a server the person has not signed in to cannot run, as the model and the person read it. */
export const signInNeeded = (server: string) =>
  `Sign in to ${server} first: open the Tools button under the message box and choose "Sign in" beside ${server}.`;

type Mode =
  /** A connection with the person's stored tokens; it refreshes them, it cannot ask the person. */
  | { kind: "connect" }
  /** Beginning a sign-in: stored tokens are ignored and the authorization address is kept. */
  | { kind: "start"; state: string }
  /** The callback: the code is exchanged with the verifier kept with the state. */
  | { kind: "finish"; verifier: string };

export class GrantProvider implements OAuthClientProvider {
  authorizationUrl: URL | null = null;
  verifier: string | null = null;

  constructor(
    private readonly deps: OAuthGrantDeps,
    private readonly userId: string,
    private readonly serverId: string,
    private readonly mode: Mode,
  ) {}

  get redirectUrl(): string {
    return callbackUrl(this.deps.publicUrl);
  }

  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: "Tessera",
      redirect_uris: [this.redirectUrl],
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      token_endpoint_auth_method: "none",
    };
  }

  state(): string {
    if (this.mode.kind !== "start") throw new Error("A sign-in can only be begun by the person.");
    return this.mode.state;
  }

  async clientInformation(): Promise<OAuthClientInformationMixed | undefined> {
    const row = await this.row();
    return row?.sealedClient
      ? (JSON.parse(this.deps.cipher.decrypt(row.sealedClient)) as OAuthClientInformationMixed)
      : undefined;
  }

  async saveClientInformation(info: OAuthClientInformationMixed): Promise<void> {
    await this.save({ sealedClient: this.deps.cipher.encrypt(JSON.stringify(info)) });
  }

  async tokens(): Promise<OAuthTokens | undefined> {
    if (this.mode.kind === "start") return undefined;
    const row = await this.row();
    return row?.sealedTokens
      ? (JSON.parse(this.deps.cipher.decrypt(row.sealedTokens)) as OAuthTokens)
      : undefined;
  }

  /** Kept as the SDK gives them (with the issuer they are bound to). */
  async saveTokens(tokens: OAuthTokens): Promise<void> {
    await this.save({ sealedTokens: this.deps.cipher.encrypt(JSON.stringify(tokens)) });
  }

  redirectToAuthorization(url: URL): void {
    // Only a sign-in the person began may send them anywhere; a connection just fails (sign in again).
    if (this.mode.kind === "start") this.authorizationUrl = url;
  }

  saveCodeVerifier(verifier: string): void {
    this.verifier = verifier;
  }

  codeVerifier(): string {
    if (this.mode.kind === "finish") return this.mode.verifier;
    if (this.verifier) return this.verifier;
    throw new Error("No sign-in is under way.");
  }

  async invalidateCredentials(scope: "all" | "client" | "tokens" | "verifier" | "discovery"): Promise<void> {
    if (scope === "all") await this.save({ sealedClient: null, sealedTokens: null });
    else if (scope === "client") await this.save({ sealedClient: null });
    else if (scope === "tokens") await this.save({ sealedTokens: null });
  }

  private async row() {
    const [row] = await this.deps.db
      .select()
      .from(mcpOauthGrants)
      .where(and(eq(mcpOauthGrants.userId, this.userId), eq(mcpOauthGrants.serverId, this.serverId)));
    return row;
  }

  private async save(values: { sealedClient?: string | null; sealedTokens?: string | null }) {
    await this.deps.db
      .insert(mcpOauthGrants)
      .values({ userId: this.userId, serverId: this.serverId, ...values })
      .onConflictDoUpdate({
        target: [mcpOauthGrants.userId, mcpOauthGrants.serverId],
        set: { ...values, updatedAt: new Date() },
      });
  }
}

/** Whether the person holds tokens for the server (signed in, perhaps in need of a refresh). */
export async function signedInServers(db: Database, userId: string): Promise<Set<string>> {
  const rows = await db
    .select({ serverId: mcpOauthGrants.serverId, tokens: mcpOauthGrants.sealedTokens })
    .from(mcpOauthGrants)
    .where(eq(mcpOauthGrants.userId, userId));
  return new Set(rows.filter((r) => r.tokens !== null).map((r) => r.serverId));
}
