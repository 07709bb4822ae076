// Add or edit an MCP server, in a dialog: its name, how it is reached (an address, or a command this
// server runs), headers (values stored encrypted: a stored one is never shown, and stays unless
// replaced or removed) and whether each call waits for the person's approval.
import { MCP_NAME_MAX, MCP_TRANSPORTS, type McpServer, type McpTransport } from "@tessera/contracts";
import { Plus, X } from "lucide-react";
import { useId, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { FormError } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Switch } from "@/components/ui/switch";
import { errorMessage } from "@/lib/api-client";
import { toast } from "@/lib/toast";
import { useCreateMcpServer } from "../api/create-mcp-server";
import { useUpdateMcpServer } from "../api/update-mcp-server";

export function McpServerDialog({
  open,
  onOpenChange,
  server,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  server?: McpServer;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[calc(100svh-2rem)] overflow-y-auto sm:max-w-lg">
        {/* Mounted per opening, so every opening starts from the server as stored. */}
        {open ? <McpServerForm server={server} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

interface HeaderLine {
  key: number;
  name: string;
  value: string;
  /** Named by the server as set: its value stays unless one is typed. */
  stored: boolean;
}

/** Words typed as one line, split like a shell would for simple cases (spaces, "quoted words"). */
const splitArgs = (text: string) =>
  [...text.matchAll(/"([^"]*)"|'([^']*)'|(\S+)/g)].map((m) => m[1] ?? m[2] ?? m[3] ?? "");

function McpServerForm({ server, onDone }: { server?: McpServer; onDone: () => void }) {
  const { t } = useTranslation("admin");
  const editing = Boolean(server);
  const transportId = useId();
  const approvalId = useId();
  const oauthId = useId();
  const [name, setName] = useState(server?.name ?? "");
  const [transport, setTransport] = useState<McpTransport>(server?.transport ?? "streamable-http");
  const [url, setUrl] = useState(server?.url ?? "");
  const [command, setCommand] = useState(server?.command ?? "");
  const [args, setArgs] = useState(server?.args.join(" ") ?? "");
  const [headers, setHeaders] = useState<HeaderLine[]>(
    () => server?.headerNames.map((n, i) => ({ key: i, name: n, value: "", stored: true })) ?? [],
  );
  const [removed, setRemoved] = useState<string[]>([]);
  const [requireApproval, setRequireApproval] = useState(server?.requireApproval ?? true);
  const [oauth, setOauth] = useState(server?.oauth ?? false);
  const [failure, setFailure] = useState<string | null>(null);
  const create = useCreateMcpServer();
  const update = useUpdateMcpServer();
  const pending = create.isPending || update.isPending;
  const remote = transport !== "stdio";

  const setHeader = (key: number, patch: Partial<HeaderLine>) =>
    setHeaders((all) => all.map((h) => (h.key === key ? { ...h, ...patch } : h)));
  const dropHeader = (line: HeaderLine) => {
    setHeaders((all) => all.filter((h) => h.key !== line.key));
    if (line.stored) setRemoved((r) => [...r, line.name]);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const typed = Object.fromEntries(
      headers.filter((h) => h.name.trim() && h.value).map((h) => [h.name.trim(), h.value]),
    );
    const done = {
      onSuccess: (saved: McpServer) => {
        if (saved.state.status === "connected")
          toast.success(editing ? t("mcp.saved") : t("form.connected", { name: saved.name }), {
            description: t("mcp.toolCount", { count: saved.state.toolCount }),
          });
        else if (saved.state.status === "sign-in")
          toast.success(editing ? t("mcp.saved") : t("mcp.added", { name: saved.name }), {
            description: t("mcp.signInFromChat"),
          });
        else toast.error(t("mcp.notAnswering", { name: saved.name }), { description: saved.state.error });
        onDone();
      },
      onError: (err: Error) => setFailure(errorMessage(err)),
    };
    if (server) {
      const headerChanges: Record<string, string | null> = { ...typed };
      for (const n of removed) if (!(n in headerChanges)) headerChanges[n] = null;
      update.mutate(
        {
          id: server.id,
          name: name.trim(),
          ...(remote
            ? {
                url: url.trim(),
                oauth,
                ...(Object.keys(headerChanges).length ? { headers: headerChanges } : {}),
              }
            : { command: command.trim(), args: splitArgs(args) }),
          requireApproval,
        },
        done,
      );
    } else {
      create.mutate(
        {
          name: name.trim(),
          transport,
          ...(remote
            ? { url: url.trim(), headers: typed, oauth }
            : { command: command.trim(), args: splitArgs(args) }),
          requireApproval,
        },
        done,
      );
    }
  };

  return (
    <form
      onSubmit={onSubmit}
      className="flex flex-col gap-4"
      aria-label={editing ? t("mcp.editLabel") : t("mcp.add")}
    >
      <DialogHeader>
        <DialogTitle>{editing ? t("form.editTitle", { name: server?.name }) : t("mcp.addTitle")}</DialogTitle>
        <DialogDescription>{t("mcp.dialogDescription")}</DialogDescription>
      </DialogHeader>

      <FormField
        label={t("form.name")}
        value={name}
        onChange={(e) => setName(e.target.value)}
        maxLength={MCP_NAME_MAX}
        required
      />

      {editing ? null : (
        <div className="flex flex-col gap-2">
          <Label htmlFor={transportId}>{t("mcp.transport")}</Label>
          <Select value={transport} onValueChange={(v) => setTransport(v as McpTransport)}>
            <SelectTrigger id={transportId}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {MCP_TRANSPORTS.map((each) => (
                <SelectItem key={each} value={each}>
                  {t(`transports.${each}`)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
      )}

      {remote ? (
        <>
          <FormField
            label={t("form.address")}
            type="url"
            value={url}
            onChange={(e) => setUrl(e.target.value)}
            placeholder={transport === "sse" ? t("placeholders.mcpSse") : t("placeholders.mcpHttp")}
            required
          />
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-2 text-sm font-medium">{t("mcp.headers")}</legend>
            {headers.map((h) => (
              <div key={h.key} className="flex items-center gap-2">
                <Input
                  aria-label={t("mcp.headerName")}
                  value={h.name}
                  dir="ltr"
                  readOnly={h.stored}
                  onChange={(e) => setHeader(h.key, { name: e.target.value })}
                  placeholder={t("placeholders.headerName")}
                  className="w-2/5"
                />
                <Input
                  aria-label={h.name ? t("mcp.valueOf", { name: h.name }) : t("mcp.valueOfHeader")}
                  type="password"
                  autoComplete="off"
                  value={h.value}
                  onChange={(e) => setHeader(h.key, { value: e.target.value })}
                  placeholder={h.stored ? t("mcp.storedValue") : t("placeholders.headerValue")}
                />
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={t("mcp.removeHeader", { name: h.name })}
                  onClick={() => dropHeader(h)}
                >
                  <X aria-hidden="true" />
                </Button>
              </div>
            ))}
            <Button
              variant="outline"
              size="sm"
              className="self-start"
              onClick={() =>
                setHeaders((all) => [...all, { key: Date.now(), name: "", value: "", stored: false }])
              }
            >
              <Plus aria-hidden="true" />
              {t("mcp.addHeader")}
            </Button>
          </fieldset>
        </>
      ) : (
        <>
          <FormField
            label={t("mcp.command")}
            value={command}
            dir="ltr"
            onChange={(e) => setCommand(e.target.value)}
            placeholder={t("placeholders.command")}
            hint={t("mcp.commandHint")}
            required
          />
          <FormField
            label={t("mcp.arguments")}
            value={args}
            dir="ltr"
            onChange={(e) => setArgs(e.target.value)}
            placeholder={t("placeholders.arguments")}
          />
        </>
      )}

      {remote ? (
        <div className="flex items-start gap-3">
          <Switch id={oauthId} checked={oauth} onCheckedChange={setOauth} />
          <Label htmlFor={oauthId} className="flex flex-col items-start gap-0.5 font-normal">
            {t("mcp.oauth")}
            <span className="text-xs text-muted-foreground">{t("mcp.oauthHint")}</span>
          </Label>
        </div>
      ) : null}

      <div className="flex items-center gap-3">
        <Switch id={approvalId} checked={requireApproval} onCheckedChange={setRequireApproval} />
        <Label htmlFor={approvalId} className="font-normal">
          {t("mcp.askFirst")}
        </Label>
      </div>

      <FormError message={failure} />

      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          {t("cancel")}
        </Button>
        <Button type="submit" disabled={pending}>
          {pending ? t("mcp.connecting") : editing ? t("catalogue.save") : t("mcp.addServer")}
        </Button>
      </DialogFooter>
    </form>
  );
}
