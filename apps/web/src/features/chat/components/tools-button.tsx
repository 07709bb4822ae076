// The composer's Tools button: a popover listing the tools this person may use (GET /api/tools), each
// with a switch; the choice applies to this conversation. A model that cannot call tools says so.
// MCP servers that sign each person in are listed with Sign in / Sign out (the sign-in in a popup).
import type { McpSignIn, ToolSummary } from "@tessera/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { Wrench } from "lucide-react";
import { Popover } from "radix-ui";
import { useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { Switch } from "@/components/ui/switch";
import { errorMessage } from "@/lib/api-client";
import { cn } from "@/lib/utils";
import { useTools } from "../api/get-tools";
import { refreshSignIns, startMcpSignIn, useMcpSignIns, useMcpSignOut } from "../api/mcp-sign-ins";

export const NO_TOOLS_TEXT = "This model cannot use tools.";

/**
 * An MCP tool's name as its server gives it (the id's last part): `name` is the one models see,
 * `<server>__<tool>`, which beside the server's name would say the server twice.
 */
export const toolLabel = (tool: ToolSummary): string =>
  tool.source === "mcp" ? tool.id.split(":").slice(2).join(":") || tool.name : tool.name;

export function ToolsButton({
  selected,
  onChange,
  canUseTools,
}: {
  selected: string[] | null;
  onChange: (ids: string[]) => void;
  canUseTools: boolean;
}) {
  const [open, setOpen] = useState(false);
  const tools = useTools(open || Boolean(selected?.length));
  const on = new Set(selected ?? []);
  const count = (tools.data ?? []).filter((t) => on.has(t.id)).length;
  const toggle = (tool: ToolSummary, checked: boolean) =>
    onChange(checked ? [...on, tool.id] : [...on].filter((id) => id !== tool.id));
  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger asChild>
        <Button
          variant="ghost"
          size="sm"
          aria-label={count ? `Tools: ${count} on` : "Tools"}
          className={cn("h-8 gap-1.5 px-2 text-muted-foreground", count > 0 && canUseTools && "text-primary")}
        >
          <Wrench aria-hidden="true" />
          <span className="hidden sm:inline">Tools{count ? ` (${count})` : ""}</span>
        </Button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          side="top"
          align="start"
          sideOffset={6}
          className="z-50 w-80 rounded-xl border bg-popover p-3 text-popover-foreground shadow-lg"
        >
          <h2 className="text-sm font-semibold">Tools for this chat</h2>
          {!canUseTools ? (
            <p role="note" className="mt-1 text-xs text-amber-700 dark:text-amber-400">
              {NO_TOOLS_TEXT} Choose another model to let it search, read pages or call tools.
            </p>
          ) : (
            <p className="mt-1 text-xs text-muted-foreground">The model may call the tools you switch on.</p>
          )}
          <SignIns enabled={open} />
          {tools.isPending ? (
            <p className="mt-3 text-sm text-muted-foreground">Loading tools…</p>
          ) : tools.isError ? (
            <p className="mt-3 text-sm text-destructive">The tools could not be loaded.</p>
          ) : tools.data.length === 0 ? (
            <p className="mt-3 text-sm text-muted-foreground">No tools are available.</p>
          ) : (
            <ul className="mt-3 flex max-h-72 flex-col gap-2 overflow-y-auto">
              {tools.data.map((tool) => {
                const id = `tool-switch-${tool.id}`;
                return (
                  <li key={tool.id} className="flex items-start gap-3">
                    <Switch
                      id={id}
                      checked={on.has(tool.id)}
                      onCheckedChange={(checked) => toggle(tool, checked)}
                      disabled={!canUseTools}
                    />
                    <label htmlFor={id} className="flex min-w-0 flex-col text-sm">
                      <span className="font-mono text-xs break-all">
                        {tool.server ? `${tool.server} · ` : ""}
                        {toolLabel(tool)}
                      </span>
                      <span className="line-clamp-2 text-xs text-muted-foreground">{tool.description}</span>
                      {tool.requireApproval ? (
                        <span className="text-xs text-muted-foreground">Asks before each use</span>
                      ) : null}
                    </label>
                  </li>
                );
              })}
            </ul>
          )}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

/** The servers that ask this person to sign in: Sign in opens the server's page in a popup. */
function SignIns({ enabled }: { enabled: boolean }) {
  const queryClient = useQueryClient();
  const [waiting, setWaiting] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const signIns = useMcpSignIns(enabled, waiting !== null);
  const signOut = useMcpSignOut();
  const done = waiting !== null && signIns.data?.find((s) => s.serverId === waiting)?.signedIn === true;
  useEffect(() => {
    if (!done) return;
    setWaiting(null);
    void refreshSignIns(queryClient);
  }, [done, queryClient]);

  const signIn = async (server: McpSignIn) => {
    setFailure(null);
    // Opened now, while the click still counts, so no popup blocker stops it; the address follows.
    const popup = window.open("", "_blank", "popup,width=520,height=720");
    if (popup) popup.opener = null;
    try {
      const url = await startMcpSignIn(server.serverId);
      if (popup) popup.location.href = url;
      else window.open(url, "_blank", "noopener");
      setWaiting(server.serverId);
    } catch (err) {
      popup?.close();
      setFailure(errorMessage(err));
    }
  };

  if (!signIns.data?.length) return null;
  return (
    <section aria-label="Accounts" className="mt-3 flex flex-col gap-2 rounded-lg border p-2">
      {signIns.data.map((server) => (
        <div key={server.serverId} className="flex items-center justify-between gap-2 text-sm">
          <span className="min-w-0 truncate">
            <span className="font-medium">{server.server}</span>
            <span className="block text-xs text-muted-foreground">
              {server.signedIn
                ? "Signed in"
                : waiting === server.serverId
                  ? "Waiting for the sign-in window…"
                  : "Sign in to use its tools"}
            </span>
          </span>
          {server.signedIn ? (
            <Button
              variant="ghost"
              size="sm"
              aria-label={`Sign out of ${server.server}`}
              disabled={signOut.isPending}
              onClick={() => signOut.mutate(server.serverId)}
            >
              Sign out
            </Button>
          ) : (
            <Button
              variant="outline"
              size="sm"
              aria-label={`Sign in to ${server.server}`}
              onClick={() => void signIn(server)}
            >
              Sign in
            </Button>
          )}
        </div>
      ))}
      {failure ? <p className="text-xs text-destructive">{failure}</p> : null}
    </section>
  );
}
