// The composer's Tools button: a popover listing the tools this person may use (GET /api/tools), each
// with a switch; the choice applies to this conversation. A model that cannot call tools says so.
import type { ToolSummary } from "@tessera/contracts";
import { Wrench } from "lucide-react";
import { Popover } from "radix-ui";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Switch } from "@/components/ui/switch";
import { cn } from "@/lib/utils";
import { useTools } from "../api/get-tools";

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
