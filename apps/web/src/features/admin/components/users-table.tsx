// The people list's table: one row a person, sortable by the columns the server sorts by.
import type { AdminUser, AdminUserSort, AdminUserSortKey } from "@tessera/contracts";
import { ArrowDown, ArrowUp, ArrowUpDown } from "lucide-react";
import { Link } from "react-router";
import { Badge } from "@/components/ui/badge";
import { cn, formatShortWhen } from "@/lib/utils";
import { PLANS } from "@tessera/contracts";
import { formatCost, formatTokens } from "../utils/format";
import { UserStatusBadge } from "./user-status-badge";

interface Column {
  label: string;
  /** The server's sort for this column; none: it does not sort by it. */
  sort?: AdminUserSortKey;
  /** Sorted high to low first (figures and dates), else A to Z. */
  descendingFirst?: boolean;
  numeric?: boolean;
}

const COLUMNS: Column[] = [
  { label: "Name", sort: "name" },
  { label: "Email", sort: "email" },
  { label: "Plan" },
  { label: "Role" },
  { label: "Team" },
  { label: "Tokens, 30 days", sort: "tokens", descendingFirst: true, numeric: true },
  { label: "Cost, 30 days", sort: "cost", descendingFirst: true, numeric: true },
  { label: "Last active", sort: "lastActive", descendingFirst: true },
  { label: "Status" },
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
  const sortedBy = sort.replace(/^-/, "");
  const descending = sort.startsWith("-");
  return (
    <div className="overflow-x-auto rounded-xl border bg-card" aria-busy={busy}>
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Users</caption>
        <thead className="bg-muted/60 text-xs text-muted-foreground">
          <tr>
            {COLUMNS.map((column) => {
              const active = column.sort === sortedBy;
              const Icon = !active ? ArrowUpDown : descending ? ArrowDown : ArrowUp;
              const next = (
                active
                  ? descending
                    ? column.sort
                    : `-${column.sort}`
                  : column.descendingFirst
                    ? `-${column.sort}`
                    : column.sort
              ) as AdminUserSort;
              return (
                <th
                  key={column.label}
                  scope="col"
                  aria-sort={active ? (descending ? "descending" : "ascending") : undefined}
                  className={cn("px-3 py-2 font-medium whitespace-nowrap", column.numeric && "text-right")}
                >
                  {column.sort ? (
                    <button
                      type="button"
                      onClick={() => onSort(next)}
                      className={cn(
                        "inline-flex items-center gap-1 rounded-sm hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/40 focus-visible:outline-none",
                        active && "text-foreground",
                      )}
                    >
                      {column.label}
                      <Icon className="size-3.5" aria-hidden="true" />
                    </button>
                  ) : (
                    column.label
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
                <th scope="row" className="px-3 py-2 font-medium">
                  <Link
                    to={`/dashboard/admin/users/${encodeURIComponent(u.id)}`}
                    className="text-primary underline-offset-4 hover:underline"
                  >
                    {u.name || u.email}
                  </Link>
                </th>
                <td className="max-w-56 truncate px-3 py-2 text-muted-foreground" title={u.email}>
                  {u.email}
                </td>
                <td className="px-3 py-2">{PLANS[u.plan].name}</td>
                <td className="px-3 py-2">
                  {u.role === "admin" || u.listedAdmin ? <Badge variant="secondary">Admin</Badge> : "User"}
                </td>
                <td className="px-3 py-2 text-muted-foreground">{u.team?.name ?? "—"}</td>
                <td className="px-3 py-2 text-right tabular-nums">{formatTokens(u.tokens30d)}</td>
                <td className="px-3 py-2 text-right tabular-nums">{formatCost(u.cost30d)}</td>
                <td className="px-3 py-2 whitespace-nowrap text-muted-foreground">
                  {u.lastActiveAt ? formatShortWhen(u.lastActiveAt) : "Never"}
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
