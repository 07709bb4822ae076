// Admin → Audit log: admin actions and security events (who, when, from which address, what changed),
// newest first, filtered by action, actor, days and words, a page at a time, and exported as CSV with
// the same filters.
import { AUDIT_ACTIONS, type AuditAction } from "@tessera/contracts";
import { Download } from "lucide-react";
import { useId, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { PageSpinner } from "@/components/ui/spinner";
import { errorMessage } from "@/lib/api-client";
import { useAuth } from "@/lib/auth-context";
import { toast } from "@/lib/toast";
import { useDocumentTitle } from "@/lib/use-document-title";
import { exportAuditLog, NO_AUDIT_FILTERS, useAuditLog, type AuditFilters } from "../api/get-audit-log";
import { AuditTable } from "./audit-table";
import { DateField } from "./date-field";
import { Pager } from "./pager";

const ALL = "all";

export function AdminAuditPage() {
  const { t } = useTranslation("admin");
  useDocumentTitle(t("audit.title"));
  const { user } = useAuth();
  const isAdmin = user?.role === "admin";
  const [filters, setFilters] = useState<AuditFilters>(NO_AUDIT_FILTERS);
  const [page, setPage] = useState(1);
  const [exporting, setExporting] = useState(false);
  const { data, error, isPending, isFetching } = useAuditLog(filters, page, isAdmin);

  const exportCsv = () => {
    setExporting(true);
    exportAuditLog(filters)
      .catch((err: unknown) => toast.error(errorMessage(err)))
      .finally(() => setExporting(false));
  };

  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6 p-4 md:p-8">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div className="flex flex-col gap-1">
          <h1 className="text-2xl font-semibold tracking-tight">{t("audit.title")}</h1>
          <p className="max-w-2xl text-sm text-muted-foreground">
            {t("audit.intro")}
            {data ? ` ${t("audit.retention", { count: data.retentionDays })}` : ""}
          </p>
        </div>
        {isAdmin ? (
          <Button variant="outline" onClick={exportCsv} disabled={exporting}>
            <Download aria-hidden="true" />
            {exporting ? t("audit.exporting") : t("audit.export")}
          </Button>
        ) : null}
      </header>
      {!isAdmin ? (
        <p role="alert">{t("audit.adminsOnly")}</p>
      ) : (
        <>
          <AuditFilterForm
            filters={filters}
            onApply={(next) => {
              setFilters(next);
              setPage(1);
            }}
          />
          {error ? (
            <p role="alert">{errorMessage(error)}</p>
          ) : isPending ? (
            <PageSpinner label={t("audit.loading")} />
          ) : (
            <>
              <AuditTable events={data.events} busy={isFetching} />
              <Pager
                page={data.page}
                pageSize={data.pageSize}
                total={data.total}
                what="events"
                onPage={setPage}
              />
            </>
          )}
        </>
      )}
    </div>
  );
}

function AuditFilterForm({
  filters,
  onApply,
}: {
  filters: AuditFilters;
  onApply: (f: AuditFilters) => void;
}) {
  const { t } = useTranslation("admin");
  const actionId = useId();
  const [draft, setDraft] = useState(filters);
  const set = (patch: Partial<AuditFilters>) => setDraft((d) => ({ ...d, ...patch }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply(draft);
  };
  return (
    <form
      onSubmit={submit}
      aria-label={t("audit.filterLabel")}
      className="grid gap-3 rounded-xl border bg-card p-4 sm:grid-cols-2 lg:grid-cols-[repeat(5,minmax(0,1fr))_auto]"
    >
      <div className="flex flex-col gap-2">
        <Label htmlFor={actionId}>{t("audit.action")}</Label>
        <Select
          value={draft.action || ALL}
          onValueChange={(v) => set({ action: v === ALL ? "" : (v as AuditAction) })}
        >
          <SelectTrigger id={actionId}>
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ALL}>{t("audit.allActions")}</SelectItem>
            {AUDIT_ACTIONS.map((a) => (
              <SelectItem key={a} value={a}>
                {t(`auditActions.${a}`)}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <FormField
        label={t("audit.actor")}
        value={draft.actor}
        onChange={(e) => set({ actor: e.target.value })}
        placeholder={t("audit.actorPlaceholder")}
        maxLength={320}
      />
      <DateField label={t("audit.from")} value={draft.from} onChange={(from) => set({ from })} />
      <DateField label={t("audit.to")} value={draft.to} onChange={(to) => set({ to })} />
      <FormField
        label={t("audit.words")}
        value={draft.q}
        onChange={(e) => set({ q: e.target.value })}
        placeholder={t("audit.wordsPlaceholder")}
        maxLength={200}
      />
      <div className="flex items-end gap-2">
        <Button type="submit">{t("audit.filter")}</Button>
        <Button
          type="button"
          variant="ghost"
          onClick={() => {
            setDraft(NO_AUDIT_FILTERS);
            onApply(NO_AUDIT_FILTERS);
          }}
        >
          {t("audit.clear")}
        </Button>
      </div>
    </form>
  );
}
