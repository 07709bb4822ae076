// One MCP server: its state (connected with its tool count, or failing with the reason), where it is,
// which headers are set, the approval rule and a switch per tool; Edit and Remove.
import type { McpServer } from "@tessera/contracts";
import { CircleAlert, CircleCheck, KeyRound, Pencil, Trash2, UserRoundCheck } from "lucide-react";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDeleteDialog } from "@/components/confirm-delete-dialog";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { Label } from "@/components/ui/label";
import { Switch } from "@/components/ui/switch";
import { errorMessage } from "@/lib/api-client";
import { toast } from "@/lib/toast";
import { useDeleteMcpServer } from "../api/delete-mcp-server";
import { useUpdateMcpServer } from "../api/update-mcp-server";
import { McpServerDialog } from "./mcp-server-dialog";

export function McpServerCard({ server }: { server: McpServer }) {
  const { t } = useTranslation("admin");
  const [editing, setEditing] = useState(false);
  const [removing, setRemoving] = useState(false);
  const update = useUpdateMcpServer();
  const remove = useDeleteMcpServer();
  const approvalId = useId();

  const change = (input: { disabledTools?: string[]; requireApproval?: boolean }, what: string) =>
    update.mutate(
      { id: server.id, ...input },
      { onError: (err) => toast.error(t("mcp.notChanged", { what }), { description: errorMessage(err) }) },
    );
  const switchTool = (name: string, on: boolean) =>
    change(
      {
        disabledTools: on
          ? server.disabledTools.filter((tool) => tool !== name)
          : [...new Set([...server.disabledTools, name])],
      },
      name,
    );

  return (
    <Card>
      <CardContent className="flex flex-col gap-4 pt-6">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="flex min-w-0 flex-col gap-1">
            <h2 className="truncate font-semibold">{server.name}</h2>
            <p className="truncate text-sm text-muted-foreground">
              {t(`transports.${server.transport}`)} ·{" "}
              <span className="font-mono text-xs">
                {server.transport === "stdio" ? [server.command, ...server.args].join(" ") : server.url}
              </span>
            </p>
            {server.headerNames.length ? (
              <p className="flex items-center gap-1 text-xs text-muted-foreground">
                <KeyRound className="size-3" aria-hidden="true" />
                {t("mcp.headersSet", { names: server.headerNames.join(", ") })}
              </p>
            ) : null}
          </div>
          <div className="flex items-center gap-2">
            {server.state.status === "connected" ? (
              <Badge variant="success">
                <CircleCheck aria-hidden="true" />
                {t("mcp.connected", { count: server.state.toolCount })}
              </Badge>
            ) : server.state.status === "sign-in" ? (
              <Badge variant="secondary">
                <UserRoundCheck aria-hidden="true" />
                {t("mcp.signInPerPerson")}
              </Badge>
            ) : (
              <Badge variant="destructive">
                <CircleAlert aria-hidden="true" />
                {t("mcp.failing")}
              </Badge>
            )}
            <Button
              variant="ghost"
              size="icon"
              aria-label={t("row.editLabel", { name: server.name })}
              onClick={() => setEditing(true)}
            >
              <Pencil aria-hidden="true" />
            </Button>
            <Button
              variant="ghost"
              size="icon"
              aria-label={t("row.removeLabel", { name: server.name })}
              onClick={() => setRemoving(true)}
            >
              <Trash2 aria-hidden="true" />
            </Button>
          </div>
        </div>

        {server.state.status === "sign-in" ? (
          <p className="text-sm text-muted-foreground">{t("mcp.signInText")}</p>
        ) : null}

        {server.state.status === "failing" ? (
          <p
            role="status"
            className="rounded-md bg-destructive/10 px-3 py-2 text-sm break-words text-destructive"
          >
            {server.state.error}
          </p>
        ) : null}

        <div className="flex items-center gap-3">
          <Switch
            id={approvalId}
            checked={server.requireApproval}
            disabled={update.isPending}
            onCheckedChange={(on) => change({ requireApproval: on }, t("mcp.approval"))}
          />
          <Label htmlFor={approvalId} className="font-normal">
            {t("mcp.askFirst")}
          </Label>
        </div>

        {server.tools.length ? (
          <ul
            className="flex flex-col divide-y rounded-md border"
            aria-label={t("mcp.toolsOf", { name: server.name })}
          >
            {server.tools.map((tool) => (
              <ToolRow
                key={tool.name}
                name={tool.name}
                description={tool.description}
                enabled={tool.enabled}
                disabled={update.isPending}
                onChange={(on) => switchTool(tool.name, on)}
              />
            ))}
          </ul>
        ) : null}
      </CardContent>
      <McpServerDialog open={editing} onOpenChange={setEditing} server={server} />
      <ConfirmDeleteDialog
        item={removing ? server : null}
        title={t("row.removeTitle", { name: server.name })}
        description={() => t("mcp.removeDescription")}
        action={t("row.remove")}
        onCancel={() => setRemoving(false)}
        onConfirm={() =>
          remove.mutate(server.id, {
            onSuccess: () => {
              setRemoving(false);
              toast.success(t("row.removed", { name: server.name }));
            },
            onError: (err) => toast.error(t("catalogue.notRemoved"), { description: errorMessage(err) }),
          })
        }
      />
    </Card>
  );
}

function ToolRow(props: {
  name: string;
  description: string;
  enabled: boolean;
  disabled: boolean;
  onChange: (on: boolean) => void;
}) {
  const id = useId();
  return (
    <li className="flex items-start justify-between gap-4 px-3 py-2">
      <div className="flex min-w-0 flex-col">
        <Label htmlFor={id} className="font-mono text-sm">
          {props.name}
        </Label>
        <p className="text-xs break-words text-muted-foreground">{props.description}</p>
      </div>
      <Switch id={id} checked={props.enabled} disabled={props.disabled} onCheckedChange={props.onChange} />
    </li>
  );
}
