// One connection made on the page: what it is doing, its key by its last four characters at most,
// and Test (a real call, answered with what came back), Models, Edit, switch off and Remove.
import { CONNECTION_KIND_INFO, type Connection, type ConnectionTest } from "@tessera/contracts";
import { CircleAlert, CircleCheck, KeyRound, Layers, Pencil, PlugZap, Trash2 } from "lucide-react";
import { useState } from "react";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "@/components/ui/alert-dialog";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Switch } from "@/components/ui/switch";
import { ApiError, errorMessage } from "@/lib/api-client";
import { toast } from "@/lib/toast";
import { useDeleteConnection } from "../api/delete-connection";
import { useTestConnection } from "../api/test-connection";
import { useUpdateConnection } from "../api/update-connection";
import { ConnectionDialog } from "./connection-dialog";
import { ConnectionModelsDialog } from "./connection-models-dialog";

export function ConnectionRow({ connection }: { connection: Connection }) {
  const info = CONNECTION_KIND_INFO[connection.kind];
  const [editing, setEditing] = useState(false);
  const [browsing, setBrowsing] = useState(false);
  const [result, setResult] = useState<ConnectionTest | null>(null);
  const test = useTestConnection();
  const update = useUpdateConnection();
  const remove = useDeleteConnection();
  const language = info.capability === "language";

  const runTest = () => {
    setResult(null);
    test.mutate(connection.id, {
      onSuccess: setResult,
      onError: (err) => toast.error("The test could not run", { description: errorMessage(err) }),
    });
  };

  const switchTo = (enabled: boolean, verify = true) =>
    update.mutate(
      { id: connection.id, enabled, verify },
      {
        onError: (err) =>
          toast.error(`${connection.name} was not switched on`, {
            description: errorMessage(err),
            action:
              err instanceof ApiError && err.code === "CONNECTION_FAILED"
                ? { label: "Switch on untested", onClick: () => switchTo(true, false) }
                : undefined,
          }),
      },
    );

  return (
    <li className="flex flex-col gap-3 rounded-xl border bg-card p-4" aria-label={connection.name}>
      <div className="flex flex-wrap items-start gap-3">
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <div className="flex flex-wrap items-center gap-2">
            <span className="font-medium">{connection.name}</span>
            <Badge variant="secondary">{info.label}</Badge>
            <StatusBadge connection={connection} />
          </div>
          <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground">
            {connection.baseUrl ? <span className="truncate font-mono">{connection.baseUrl}</span> : null}
            <KeyHint connection={connection} />
          </p>
          {connection.note ? (
            <p
              className={
                connection.inUse
                  ? "text-xs text-muted-foreground"
                  : "text-xs text-amber-700 dark:text-amber-400"
              }
            >
              {connection.note}
            </p>
          ) : null}
        </div>
        <div className="flex flex-wrap items-center gap-1.5">
          <Switch
            checked={connection.enabled}
            disabled={update.isPending}
            onCheckedChange={(on) => switchTo(on)}
            aria-label={`${connection.name} switched on`}
            className="mr-1"
          />
          <Button variant="outline" size="sm" onClick={runTest} disabled={test.isPending}>
            <PlugZap aria-hidden="true" />
            {test.isPending ? "Testing…" : "Test"}
          </Button>
          {language ? (
            <Button variant="outline" size="sm" onClick={() => setBrowsing(true)}>
              <Layers aria-hidden="true" />
              Models
            </Button>
          ) : null}
          <Button
            variant="ghost"
            size="sm"
            onClick={() => setEditing(true)}
            aria-label={`Edit ${connection.name}`}
          >
            <Pencil aria-hidden="true" />
            Edit
          </Button>
          <AlertDialog>
            <AlertDialogTrigger asChild>
              <Button variant="ghost" size="icon" aria-label={`Remove ${connection.name}`}>
                <Trash2 aria-hidden="true" />
              </Button>
            </AlertDialogTrigger>
            <AlertDialogContent>
              <AlertDialogHeader>
                <AlertDialogTitle>Remove {connection.name}?</AlertDialogTitle>
                <AlertDialogDescription>
                  What it serves stops at once, for everyone. Models routed through it go back to the
                  automatic choice; models added from it stay in the catalogue, not enabled.
                </AlertDialogDescription>
              </AlertDialogHeader>
              <AlertDialogFooter>
                <AlertDialogCancel>Cancel</AlertDialogCancel>
                <AlertDialogAction
                  variant="destructive"
                  onClick={() =>
                    remove.mutate(connection.id, {
                      onSuccess: () => toast.success(`${connection.name} removed`),
                      onError: (err) =>
                        toast.error("Could not remove it", { description: errorMessage(err) }),
                    })
                  }
                >
                  Remove
                </AlertDialogAction>
              </AlertDialogFooter>
            </AlertDialogContent>
          </AlertDialog>
        </div>
      </div>
      <div aria-live="polite">{result ? <TestResult result={result} /> : null}</div>
      <ConnectionDialog open={editing} onOpenChange={setEditing} connection={connection} />
      {language && browsing ? (
        <ConnectionModelsDialog connection={connection} open={browsing} onOpenChange={setBrowsing} />
      ) : null}
    </li>
  );
}

function StatusBadge({ connection }: { connection: Connection }) {
  if (!connection.enabled) return <Badge variant="outline">Off</Badge>;
  if (connection.inUse) return <Badge variant="success">In use</Badge>;
  return <Badge variant="destructive">Not in use</Badge>;
}

function KeyHint({ connection }: { connection: Connection }) {
  const { state, last4 } = connection.key;
  if (state === "none")
    return CONNECTION_KIND_INFO[connection.kind].apiKey === "none" ? null : <span>No key</span>;
  if (state === "unreadable") return <span className="font-medium text-destructive">Key cannot be read</span>;
  return (
    <span className="inline-flex items-center gap-1">
      <KeyRound className="size-3" aria-hidden="true" />
      {last4 ? `Key ending in ${last4}` : "Key stored"}
    </span>
  );
}

const SHOWN_ITEMS = 8;

export function TestResult({ result }: { result: ConnectionTest }) {
  const more =
    result.total !== null && result.total > result.items.length ? result.total - result.items.length : 0;
  return (
    <div
      role="status"
      className={
        result.ok
          ? "flex flex-col gap-2 rounded-lg border border-success/30 bg-success/5 px-3 py-2.5 text-sm"
          : "flex flex-col gap-2 rounded-lg border border-destructive/30 bg-destructive/5 px-3 py-2.5 text-sm text-destructive"
      }
    >
      <p className="flex items-start gap-2">
        {result.ok ? (
          <CircleCheck className="mt-0.5 size-4 shrink-0 text-success" aria-hidden="true" />
        ) : (
          <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        )}
        <span className="break-words">
          {result.ok ? "It works. " : "It failed. "}
          {result.message}
          <span className="ml-1 text-xs text-muted-foreground">({result.ms} ms)</span>
        </span>
      </p>
      {result.items.length ? (
        <ul className="flex flex-wrap gap-1.5 pl-6" aria-label="What it answered with">
          {result.items.slice(0, SHOWN_ITEMS).map((item) => (
            <li
              key={item}
              className="rounded-md border bg-card px-2 py-0.5 font-mono text-xs text-foreground"
            >
              {item}
            </li>
          ))}
          {more ? <li className="px-1 py-0.5 text-xs text-muted-foreground">and {more} more</li> : null}
        </ul>
      ) : null}
    </div>
  );
}
