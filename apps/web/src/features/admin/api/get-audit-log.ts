// GET /api/admin/audit: admin actions and security events, newest first, a page at a time, with the
// filters the page sets; /api/admin/audit.csv sends every event they match as a file.
import { auditPageSchema, type AuditAction } from "@tessera/contracts";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { saveApiFile } from "@/lib/save-file";

export interface AuditFilters {
  action: AuditAction | "";
  actor: string;
  from: string;
  to: string;
  q: string;
}

export const NO_AUDIT_FILTERS: AuditFilters = { action: "", actor: "", from: "", to: "", q: "" };

function auditSearch(filters: AuditFilters): URLSearchParams {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(filters) as [string, string][])
    if (value.trim()) search.set(key, value.trim());
  return search;
}

export const auditLogQuery = (filters: AuditFilters, page: number) =>
  queryOptions({
    queryKey: ["admin-audit", filters, page],
    queryFn: async ({ signal }) => {
      const search = auditSearch(filters);
      search.set("page", String(page));
      return (await apiRequest(`/api/admin/audit?${search}`, { schema: auditPageSchema, signal })).data;
    },
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

export const useAuditLog = (filters: AuditFilters, page: number, enabled: boolean) =>
  useQuery({ ...auditLogQuery(filters, page), enabled });

/** The events the filters match, as the server writes them (CSV, newest first). */
export function exportAuditLog(filters: AuditFilters) {
  const search = auditSearch(filters).toString();
  const day = new Date().toISOString().slice(0, 10);
  return saveApiFile(`/api/admin/audit.csv${search ? `?${search}` : ""}`, `tessera-audit-${day}.csv`);
}
