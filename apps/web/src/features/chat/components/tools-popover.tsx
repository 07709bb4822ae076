// The Tools button's popover: the tools this person may use (GET /api/tools), each with a switch;
// the choice applies to this conversation. A model that cannot call tools says so.
// MCP servers that sign each person in are listed with Sign in / Sign out (the sign-in in a popup).
import type { McpSignIn, ToolSummary } from "@tessera/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { Popover } from "radix-ui";
import { useEffect, useState, type ReactNode } from "react";
import { ToolName } from "@/components/tool-name";
import { Button } from "@/components/ui/button";
import { Switch } from "@/components/ui/switch";
import { errorMessage } from "@/lib/api-client";
import { useCatalogueTexts } from "@/lib/catalogue-texts";
import type { useTools } from "../api/get-tools";
import { refreshSignIns, startMcpSignIn, useMcpSignIns, useMcpSignOut } from "../api/mcp-sign-ins";
import { useTranslation } from "react-i18next";

/** The popover, with `trigger` as its anchor; ToolsButton loads it on the first click. */
export function ToolsPopover({
  open,
  onOpenChange,
  trigger,
  tools,
  on,
  onChange,
  canUseTools,
  knowledge,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  trigger: ReactNode;
  tools: ReturnType<typeof useTools>;
  on: Set<string>;
  onChange: (ids: string[]) => void;
  canUseTools: boolean;
  knowledge?: ReactNode;
}) {
  const { t } = useTranslation("chat");
  const texts = useCatalogueTexts();
  const toggle = (tool: ToolSummary, checked: boolean) =>
    onChange(checked ? [...on, tool.id] : [...on].filter((id) => id !== tool.id));
  return (
    <Popover.Root open={open} onOpenChange={onOpenChange}>
      <Popover.Trigger asChild>{trigger}</Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          side="top"
          align="start"
          sideOffset={6}
          className="z-50 w-80 rounded-xl border bg-popover p-3 text-popover-foreground shadow-lg"
        >
          <h2 className="text-sm font-semibold">{t("tools.title")}</h2>
          {!canUseTools ? (
            <p role="note" className="mt-1 text-xs text-amber-700 dark:text-amber-400">
              {t("tools.modelCannot")}
            </p>
          ) : (
            <p className="mt-1 text-xs text-muted-foreground">{t("tools.description")}</p>
          )}
          <SignIns enabled={open} />
          {tools.isPending ? (
            <p className="mt-3 text-sm text-muted-foreground">{t("tools.loading")}</p>
          ) : tools.isError ? (
            <p className="mt-3 text-sm text-destructive">{t("tools.loadFailed")}</p>
          ) : tools.data.length === 0 ? (
            <p className="mt-3 text-sm text-muted-foreground">{t("tools.none")}</p>
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
                      <ToolName tool={tool} />
                      <span className="line-clamp-2 text-xs text-muted-foreground">
                        {texts.toolDescription(tool)}
                      </span>
                      {tool.requireApproval ? (
                        <span className="text-xs text-muted-foreground">{t("tools.asksFirst")}</span>
                      ) : null}
                    </label>
                  </li>
                );
              })}
            </ul>
          )}
          {knowledge}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

/** The servers that ask this person to sign in: Sign in opens the server's page in a popup. */
function SignIns({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation("chat");
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
    <section aria-label={t("tools.accounts")} className="mt-3 flex flex-col gap-2 rounded-lg border p-2">
      {signIns.data.map((server) => (
        <div key={server.serverId} className="flex items-center justify-between gap-2 text-sm">
          <span className="min-w-0 truncate">
            <span className="font-medium">{server.server}</span>
            <span className="block text-xs text-muted-foreground">
              {server.signedIn
                ? t("tools.signedIn")
                : waiting === server.serverId
                  ? t("tools.waitingSignIn")
                  : t("tools.signInToUse")}
            </span>
          </span>
          {server.signedIn ? (
            <Button
              variant="ghost"
              size="sm"
              aria-label={t("tools.signOutNamed", { server: server.server })}
              disabled={signOut.isPending}
              onClick={() => signOut.mutate(server.serverId)}
            >
              {t("tools.signOut")}
            </Button>
          ) : (
            <Button
              variant="outline"
              size="sm"
              aria-label={t("tools.signInNamed", { server: server.server })}
              onClick={() => void signIn(server)}
            >
              {t("tools.signIn")}
            </Button>
          )}
        </div>
      ))}
      {failure ? <p className="text-xs text-destructive">{failure}</p> : null}
    </section>
  );
}
