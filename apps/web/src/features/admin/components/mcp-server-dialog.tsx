// Add or edit an MCP server, in a dialog: its name, how it is reached (an address, or a command this
// server runs), headers (values stored encrypted: a stored one is never shown, and stays unless
// replaced or removed) and whether each call waits for the person's approval.
import {
  MCP_NAME_MAX,
  MCP_TRANSPORT_LABELS,
  MCP_TRANSPORTS,
  type McpServer,
  type McpTransport,
} from "@tessera/contracts";
import { Plus, X } from "lucide-react";
import { useId, useState, type FormEvent } from "react";
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
          toast.success(editing ? "MCP server saved" : `Connected: ${saved.name}`, {
            description: `${saved.state.toolCount} tools.`,
          });
        else if (saved.state.status === "sign-in")
          toast.success(editing ? "MCP server saved" : `Added: ${saved.name}`, {
            description: "Each person signs in to it from the Tools button in the chat.",
          });
        else toast.error(`${saved.name} is saved but not answering`, { description: saved.state.error });
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
      aria-label={editing ? "Edit MCP server" : "Add MCP server"}
    >
      <DialogHeader>
        <DialogTitle>{editing ? `Edit ${server?.name}` : "Add an MCP server"}</DialogTitle>
        <DialogDescription>
          Tessera connects to it as it is saved and lists its tools. Header values are stored encrypted and
          never shown again.
        </DialogDescription>
      </DialogHeader>

      <FormField
        label="Name"
        value={name}
        onChange={(e) => setName(e.target.value)}
        maxLength={MCP_NAME_MAX}
        required
      />

      {editing ? null : (
        <div className="flex flex-col gap-2">
          <Label htmlFor={transportId}>Transport</Label>
          <Select value={transport} onValueChange={(v) => setTransport(v as McpTransport)}>
            <SelectTrigger id={transportId}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {MCP_TRANSPORTS.map((t) => (
                <SelectItem key={t} value={t}>
                  {MCP_TRANSPORT_LABELS[t]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
      )}

      {remote ? (
        <>
          <FormField
            label="Address"
            type="url"
            value={url}
            onChange={(e) => setUrl(e.target.value)}
            placeholder={transport === "sse" ? "https://mcp.example.com/sse" : "https://mcp.example.com/mcp"}
            required
          />
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-2 text-sm font-medium">Headers</legend>
            {headers.map((h) => (
              <div key={h.key} className="flex items-center gap-2">
                <Input
                  aria-label="Header name"
                  value={h.name}
                  readOnly={h.stored}
                  onChange={(e) => setHeader(h.key, { name: e.target.value })}
                  placeholder="Authorization"
                  className="w-2/5"
                />
                <Input
                  aria-label={`Value of ${h.name || "the header"}`}
                  type="password"
                  autoComplete="off"
                  value={h.value}
                  onChange={(e) => setHeader(h.key, { value: e.target.value })}
                  placeholder={h.stored ? "Stored: type to replace" : "Bearer …"}
                />
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={`Remove header ${h.name}`}
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
              Add header
            </Button>
          </fieldset>
        </>
      ) : (
        <>
          <FormField
            label="Command"
            value={command}
            onChange={(e) => setCommand(e.target.value)}
            placeholder="npx"
            hint="Run on this server, as the user Tessera runs as."
            required
          />
          <FormField
            label="Arguments"
            value={args}
            onChange={(e) => setArgs(e.target.value)}
            placeholder="-y @modelcontextprotocol/server-everything"
          />
        </>
      )}

      {remote ? (
        <div className="flex items-start gap-3">
          <Switch id={oauthId} checked={oauth} onCheckedChange={setOauth} />
          <Label htmlFor={oauthId} className="flex flex-col items-start gap-0.5 font-normal">
            Signs in with OAuth
            <span className="text-xs text-muted-foreground">
              Each person signs in with their own account. Found on its own when the server asks for it.
            </span>
          </Label>
        </div>
      ) : null}

      <div className="flex items-center gap-3">
        <Switch id={approvalId} checked={requireApproval} onCheckedChange={setRequireApproval} />
        <Label htmlFor={approvalId} className="font-normal">
          Ask the person before each call
        </Label>
      </div>

      <FormError message={failure} />

      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={pending}>
          {pending ? "Connecting…" : editing ? "Save" : "Add server"}
        </Button>
      </DialogFooter>
    </form>
  );
}
