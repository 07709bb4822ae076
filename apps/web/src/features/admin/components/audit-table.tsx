// The audit log's events as a table: when, who, what, on what, from where, and what changed.
import type { AuditEvent } from "@tessera/contracts";
import { useTranslation } from "react-i18next";
import { formatWhen } from "@/lib/utils";

/** What changed, as short "key: value" pairs (the CSV export keeps the full JSON). */
function changesText(changes: AuditEvent["changes"]): string {
  if (!changes) return "";
  return Object.entries(changes)
    .map(([key, value]) => `${key}: ${typeof value === "string" ? value : JSON.stringify(value)}`)
    .join("; ");
}

export function AuditTable({ events, busy }: { events: AuditEvent[]; busy: boolean }) {
  const { t } = useTranslation("admin");
  return (
    <div className="overflow-x-auto rounded-xl border bg-card" aria-busy={busy}>
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{t("audit.title")}</caption>
        <thead className="bg-muted/60 text-xs text-muted-foreground">
          <tr>
            {(["when", "who", "action", "target", "address", "changes"] as const).map((h) => (
              <th key={h} scope="col" className="px-3 py-2 font-medium whitespace-nowrap">
                {t(`audit.columns.${h}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {events.length === 0 ? (
            <tr>
              <td colSpan={6} className="px-3 py-6 text-center text-muted-foreground">
                {t("audit.noMatch")}
              </td>
            </tr>
          ) : (
            events.map((e) => (
              <tr key={e.id} className="border-t align-top">
                <td className="px-3 py-2 whitespace-nowrap tabular-nums">{formatWhen(e.at)}</td>
                <td className="max-w-56 truncate px-3 py-2" title={e.actorEmail ?? e.actorId ?? undefined}>
                  {e.actorEmail ?? e.actorId ?? t("audit.system")}
                </td>
                <td className="px-3 py-2 whitespace-nowrap">
                  <span title={e.action}>{t(`auditActions.${e.action}`)}</span>
                </td>
                <td className="px-3 py-2 font-mono text-xs text-muted-foreground">
                  {e.targetType ? `${e.targetType}${e.targetId ? `: ${e.targetId}` : ""}` : "—"}
                </td>
                <td className="px-3 py-2 font-mono text-xs text-muted-foreground">{e.ip ?? "—"}</td>
                <td className="max-w-80 px-3 py-2 text-xs break-words text-muted-foreground">
                  {changesText(e.changes) || "—"}
                </td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
