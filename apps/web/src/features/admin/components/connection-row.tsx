// One connection made on the page: what it is doing, its key by its last four characters at most,
// and Test (a real call, answered with what came back), Models, Edit, switch off and Remove.
import { CONNECTION_KIND_INFO, type Connection, type ConnectionTest } from "@tessera/contracts";
import { CircleAlert, CircleCheck, KeyRound, Layers, Pencil, PlugZap, Trash2 } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
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
import { formatCount } from "@/lib/utils";
import { useDeleteConnection } from "../api/delete-connection";
import { useTestConnection } from "../api/test-connection";
import { useUpdateConnection } from "../api/update-connection";
import { connectionTestText } from "../utils/connection-test-text";
import { ConnectionDialog } from "./connection-dialog";
import { ConnectionModelsDialog } from "./connection-models-dialog";

export function ConnectionRow({ connection }: { connection: Connection }) {
  const { t } = useTranslation("admin");
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
      onError: (err) => toast.error(t("row.testFailed"), { description: errorMessage(err) }),
    });
  };

  const switchTo = (enabled: boolean, verify = true) =>
    update.mutate(
      { id: connection.id, enabled, verify },
      {
        onError: (err) =>
          toast.error(t("row.notSwitchedOn", { name: connection.name }), {
            description: errorMessage(err),
            action:
              err instanceof ApiError && err.code === "CONNECTION_FAILED"
                ? { label: t("row.switchOnUntested"), onClick: () => switchTo(true, false) }
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
            <Badge variant="secondary">{t(`kinds.${connection.kind}.label`)}</Badge>
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
            aria-label={t("row.switchedOn", { name: connection.name })}
            className="me-1"
          />
          <Button variant="outline" size="sm" onClick={runTest} disabled={test.isPending}>
            <PlugZap aria-hidden="true" />
            {test.isPending ? t("row.testing") : t("row.test")}
          </Button>
          {language ? (
            <Button variant="outline" size="sm" onClick={() => setBrowsing(true)}>
              <Layers aria-hidden="true" />
              {t("row.models")}
            </Button>
          ) : null}
          <Button
            variant="ghost"
            size="sm"
            onClick={() => setEditing(true)}
            aria-label={t("row.editLabel", { name: connection.name })}
          >
            <Pencil aria-hidden="true" />
            {t("row.edit")}
          </Button>
          <AlertDialog>
            <AlertDialogTrigger asChild>
              <Button
                variant="ghost"
                size="icon"
                aria-label={t("row.removeLabel", { name: connection.name })}
              >
                <Trash2 aria-hidden="true" />
              </Button>
            </AlertDialogTrigger>
            <AlertDialogContent>
              <AlertDialogHeader>
                <AlertDialogTitle>{t("row.removeTitle", { name: connection.name })}</AlertDialogTitle>
                <AlertDialogDescription>{t("row.removeDescription")}</AlertDialogDescription>
              </AlertDialogHeader>
              <AlertDialogFooter>
                <AlertDialogCancel>{t("cancel")}</AlertDialogCancel>
                <AlertDialogAction
                  variant="destructive"
                  onClick={() =>
                    remove.mutate(connection.id, {
                      onSuccess: () => toast.success(t("row.removed", { name: connection.name })),
                      onError: (err) => toast.error(t("row.notRemoved"), { description: errorMessage(err) }),
                    })
                  }
                >
                  {t("row.remove")}
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
  const { t } = useTranslation("admin");
  if (!connection.enabled) return <Badge variant="outline">{t("connections.off")}</Badge>;
  if (connection.inUse) return <Badge variant="success">{t("connections.inUse")}</Badge>;
  return <Badge variant="destructive">{t("connections.notInUse")}</Badge>;
}

function KeyHint({ connection }: { connection: Connection }) {
  const { t } = useTranslation("admin");
  const { state, last4 } = connection.key;
  if (state === "none")
    return CONNECTION_KIND_INFO[connection.kind].apiKey === "none" ? null : (
      <span>{t("connections.noKey")}</span>
    );
  if (state === "unreadable")
    return <span className="font-medium text-destructive">{t("connections.keyUnreadable")}</span>;
  return (
    <span className="inline-flex items-center gap-1">
      <KeyRound className="size-3" aria-hidden="true" />
      {last4 ? t("connections.keyEnding", { last4 }) : t("connections.keyStored")}
    </span>
  );
}

const SHOWN_ITEMS = 8;

export function TestResult({ result }: { result: ConnectionTest }) {
  const { t } = useTranslation("admin");
  const more =
    result.total !== null && result.total > result.items.length ? result.total - result.items.length : 0;
  const outcome = result.ok ? t("row.works") : t("row.failed");
  // A bare failure's sentence is the label itself; it is said once.
  const detail = connectionTestText(result.message, t);
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
          {outcome}
          {detail === outcome ? null : ` ${detail}`}
          <span className="ms-1 text-xs text-muted-foreground">
            {t("row.ms", { ms: formatCount(result.ms) })}
          </span>
        </span>
      </p>
      {result.items.length ? (
        <ul className="flex flex-wrap gap-1.5 ps-6" aria-label={t("row.answeredWith")}>
          {result.items.slice(0, SHOWN_ITEMS).map((item) => (
            <li
              key={item}
              className="rounded-md border bg-card px-2 py-0.5 font-mono text-xs text-foreground"
            >
              {item}
            </li>
          ))}
          {more ? (
            <li className="px-1 py-0.5 text-xs text-muted-foreground">{t("row.more", { count: more })}</li>
          ) : null}
        </ul>
      ) : null}
    </div>
  );
}
