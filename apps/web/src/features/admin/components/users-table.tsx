// The people list's table: one row a person, sortable by the columns the server sorts by.
import type { AdminUser, AdminUserSort, AdminUserSortKey } from "@tessera/contracts";
import { ArrowDown, ArrowUp, ArrowUpDown } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Badge } from "@/components/ui/badge";
import { cn, formatShortWhen } from "@/lib/utils";
import { PLANS } from "@tessera/contracts";
import { formatCost, formatTokens } from "../utils/format";
import { UserStatusBadge } from "./user-status-badge";

interface Sort {
  /** Its text in the admin namespace's users.columns. */
  label: ColumnKey;
  key: AdminUserSortKey;
  /** Sorted high to low first (figures and dates), else A to Z. */
  descendingFirst?: boolean;
}

type ColumnKey =
  "nameEmail" | "name" | "email" | "plan" | "role" | "team" | "tokens" | "cost" | "lastActive" | "status";

interface Column {
  label: ColumnKey;
  /** The server's sorts for this column (a person's name and address share one); none: it does not sort. */
  sorts?: Sort[];
  numeric?: boolean;
}

const COLUMNS: Column[] = [
  {
    label: "nameEmail",
    sorts: [
      { label: "name", key: "name" },
      { label: "email", key: "email" },
    ],
  },
  { label: "plan" },
  { label: "role" },
  { label: "team" },
  {
    label: "tokens",
    sorts: [{ label: "tokens", key: "tokens", descendingFirst: true }],
    numeric: true,
  },
  {
    label: "cost",
    sorts: [{ label: "cost", key: "cost", descendingFirst: true }],
    numeric: true,
  },
  { label: "lastActive", sorts: [{ label: "lastActive", key: "lastActive", descendingFirst: true }] },
  { label: "status" },
];

export function UsersTable({
  users,
  sort,
  busy,
  onSort,
  empty,
}: {
  users: AdminUser[];
  sort: AdminUserSort;
  busy: boolean;
  onSort: (sort: AdminUserSort) => void;
  empty: string;
}) {
  const { t } = useTranslation("admin");
  const sortedBy = sort.replace(/^-/, "");
  const descending = sort.startsWith("-");
  return (
    <div className="overflow-x-auto rounded-xl border bg-card" aria-busy={busy}>
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{t("users.title")}</caption>
        <thead className="bg-muted/60 text-xs text-muted-foreground">
          <tr>
            {COLUMNS.map((column) => {
              const active = column.sorts?.find((o) => o.key === sortedBy);
              return (
                <th
                  key={column.label}
                  scope="col"
                  aria-sort={active ? (descending ? "descending" : "ascending") : undefined}
                  className={cn("px-3 py-2 font-medium whitespace-nowrap", column.numeric && "text-right")}
                >
                  {column.sorts ? (
                    <span className="inline-flex items-center gap-3">
                      {column.sorts.map((option) => (
                        <SortButton
                          key={option.key}
                          option={option}
                          active={option === active}
                          descending={descending}
                          onSort={onSort}
                        />
                      ))}
                    </span>
                  ) : (
                    t(`users.columns.${column.label}`)
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {users.length === 0 ? (
            <tr>
              <td colSpan={COLUMNS.length} className="px-3 py-6 text-center text-muted-foreground">
                {empty}
              </td>
            </tr>
          ) : (
            users.map((u) => (
              <tr key={u.id} className="border-t">
                <th scope="row" className="max-w-64 px-3 py-2 font-medium">
                  <Link
                    to={`/dashboard/admin/users/${encodeURIComponent(u.id)}`}
                    className="block truncate text-primary underline-offset-4 hover:underline"
                    title={u.name || u.email}
                  >
                    {u.name || u.email}
                  </Link>
                  <span className="block truncate text-xs font-normal text-muted-foreground" title={u.email}>
                    {u.email}
                  </span>
                </th>
                <td className="px-3 py-2">{PLANS[u.plan].name}</td>
                <td className="px-3 py-2">
                  {u.role === "admin" || u.listedAdmin ? (
                    <Badge variant="secondary">{t("roles.admin")}</Badge>
                  ) : (
                    t("roles.user")
                  )}
                </td>
                <td className="px-3 py-2 text-muted-foreground">{u.team?.name ?? "—"}</td>
                <td className="px-3 py-2 text-right tabular-nums">{formatTokens(u.tokens30d)}</td>
                <td className="px-3 py-2 text-right tabular-nums">{formatCost(u.cost30d)}</td>
                <td className="px-3 py-2 whitespace-nowrap text-muted-foreground">
                  {u.lastActiveAt ? formatShortWhen(u.lastActiveAt) : t("users.never")}
                </td>
                <td className="px-3 py-2">
                  <UserStatusBadge status={u.status} />
                </td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}

function SortButton({
  option,
  active,
  descending,
  onSort,
}: {
  option: Sort;
  active: boolean;
  descending: boolean;
  onSort: (sort: AdminUserSort) => void;
}) {
  const { t } = useTranslation("admin");
  const Icon = !active ? ArrowUpDown : descending ? ArrowDown : ArrowUp;
  // A second press turns the order round; a first press starts as the column reads best.
  const down = active ? !descending : Boolean(option.descendingFirst);
  return (
    <button
      type="button"
      onClick={() => onSort(down ? `-${option.key}` : option.key)}
      className={cn(
        "inline-flex items-center gap-1 rounded-sm hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/40 focus-visible:outline-none",
        active && "text-foreground",
      )}
    >
      {t(`users.columns.${option.label}`)}
      <Icon className="size-3.5" aria-hidden="true" />
    </button>
  );
}
