// Tools a model may call (GET /api/tools) and the MCP servers that provide some of them: the
// instance's on Admin → Tools (/api/admin/mcp-servers) and a team's (/api/teams/:teamId/mcp-servers).
// Header values go in on write and never come back out: only which header names are set.
import { z } from "zod";
import { httpUrlSchema } from "./http-url";

export const toolSummarySchema = z.object({
  /** `builtin:<name>` or `mcp:<serverId>:<tool>`: what a conversation's tool set lists. */
  id: z.string(),
  name: z.string(),
  description: z.string(),
  source: z.enum(["builtin", "mcp"]),
  server: z.string().optional(),
  requireApproval: z.boolean(),
});
export type ToolSummary = z.infer<typeof toolSummarySchema>;

export const MCP_TRANSPORTS = ["streamable-http", "sse", "stdio"] as const;
export const mcpTransportSchema = z.enum(MCP_TRANSPORTS, {
  error: `must be one of ${MCP_TRANSPORTS.join(", ")}`,
});
export type McpTransport = z.infer<typeof mcpTransportSchema>;

export const MCP_TRANSPORT_LABELS: Record<McpTransport, string> = {
  "streamable-http": "Streamable HTTP",
  sse: "Server-sent events (older servers)",
  stdio: "Command on this server (stdio)",
};

export const MCP_NAME_MAX = 80;
const HEADER_NAME = /^[A-Za-z0-9!#$%&'*+.^_`|~-]{1,100}$/;

const nameSchema = z.string().trim().min(1, "Enter a name.").max(MCP_NAME_MAX);
const headerValueSchema = z
  .string()
  .max(4_000)
  .refine((v) => !/[\r\n\0]/.test(v), "A header value cannot hold line breaks.");
const headerNameSchema = z.string().regex(HEADER_NAME, "Not a header name.");
const argsSchema = z.array(z.string().max(1_000)).max(50);
const toolNamesSchema = z.array(z.string().min(1).max(200)).max(500);

export const createMcpServerSchema = z
  .object({
    name: nameSchema,
    transport: mcpTransportSchema,
    url: httpUrlSchema().optional(),
    command: z.string().trim().min(1).max(500).optional(),
    args: argsSchema.default([]),
    /** Header name → value, sealed at rest. */
    headers: z.record(headerNameSchema, headerValueSchema).default({}),
    requireApproval: z.boolean().default(true),
    disabledTools: toolNamesSchema.default([]),
    /** Each person signs in with OAuth (the MCP authorization flow); found on its own when the server answers 401. */
    oauth: z.boolean().default(false),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (v.transport === "stdio" && !v.command)
      ctx.addIssue({ code: "custom", path: ["command"], message: "A stdio server needs a command to run." });
    if (v.transport !== "stdio" && !v.url)
      ctx.addIssue({ code: "custom", path: ["url"], message: "A remote server needs its address." });
  });
export type CreateMcpServer = z.input<typeof createMcpServerSchema>;

export const updateMcpServerSchema = z
  .object({
    name: nameSchema.optional(),
    url: httpUrlSchema().optional(),
    command: z.string().trim().min(1).max(500).optional(),
    args: argsSchema.optional(),
    /** A value sets the header, null removes it; headers not named stay as they are. */
    headers: z.record(headerNameSchema, headerValueSchema.nullable()).optional(),
    requireApproval: z.boolean().optional(),
    disabledTools: toolNamesSchema.optional(),
    oauth: z.boolean().optional(),
  })
  .strict();
export type UpdateMcpServer = z.input<typeof updateMcpServerSchema>;

export const mcpServerStateSchema = z.discriminatedUnion("status", [
  z.object({ status: z.literal("connected"), toolCount: z.number() }),
  z.object({ status: z.literal("failing"), error: z.string() }),
  /** Signs each person in with OAuth: there is no shared connection to show. */
  z.object({ status: z.literal("sign-in") }),
]);
export type McpServerState = z.infer<typeof mcpServerStateSchema>;

export const mcpServerSchema = z.object({
  id: z.string(),
  name: z.string(),
  scope: z.enum(["instance", "team"]),
  teamId: z.string().nullable(),
  transport: mcpTransportSchema,
  url: z.string().nullable(),
  command: z.string().nullable(),
  args: z.array(z.string()),
  /** Which headers are set; their values never leave the server. */
  headerNames: z.array(z.string()),
  requireApproval: z.boolean(),
  disabledTools: z.array(z.string()),
  /** Each person signs in with OAuth and connects with their own token. */
  oauth: z.boolean(),
  /** The server's tools as it lists them now (empty while it is failing), each on or off. */
  tools: z.array(z.object({ name: z.string(), description: z.string(), enabled: z.boolean() })),
  state: mcpServerStateSchema,
  createdAt: z.string(),
});
export type McpServer = z.infer<typeof mcpServerSchema>;

/** GET /api/mcp/sign-ins: the servers this person may use that sign each person in, and whether they have. */
export const mcpSignInSchema = z.object({
  serverId: z.string(),
  server: z.string(),
  signedIn: z.boolean(),
});
export type McpSignIn = z.infer<typeof mcpSignInSchema>;

/** POST /api/mcp/servers/:id/sign-in: where to send the person (a popup) to sign in. */
export const mcpSignInStartSchema = z.object({ authorizationUrl: z.string() });
export type McpSignInStart = z.infer<typeof mcpSignInStartSchema>;
