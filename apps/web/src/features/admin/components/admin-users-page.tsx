// Admin → Users: everyone on this instance, searched by name or address, sorted and paged on the
// server. A person's name opens their page (admin-user-page.tsx), where an admin acts on them. The
// search, sort and page live in the address, so going back from a person finds the list as it was.
import { ADMIN_USER_SORTS, type AdminUserSort, type AdminUserSortKey } from "@tessera/contracts";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { SearchInput } from "@/components/ui/search-input";
import { PageSpinner } from "@/components/ui/spinner";
import { errorMessage } from "@/lib/api-client";
import { useAuth } from "@/lib/auth-context";
import { useDocumentTitle } from "@/lib/use-document-title";
import { useAdminUsers } from "../api/get-admin-users";
import { Pager } from "./pager";
import { UsersTable } from "./users-table";

const DEFAULT_SORT: AdminUserSort = "-lastActive";

function readSort(value: string | null): AdminUserSort {
  const key = value?.replace(/^-/, "");
  return value && ADMIN_USER_SORTS.includes(key as AdminUserSortKey)
    ? (value as AdminUserSort)
    : DEFAULT_SORT;
}

export function AdminUsersPage() {
  const { t } = useTranslation("admin");
  useDocumentTitle(t("users.title"));
  const { user } = useAuth();
  const isAdmin = user?.role === "admin";
  const [params, setParams] = useSearchParams();
  const q = params.get("q") ?? "";
  const page = Math.max(1, Number.parseInt(params.get("page") ?? "1", 10) || 1);
  const sort = readSort(params.get("sort"));
  const [typed, setTyped] = useState(q);
  const { data, error, isPending, isFetching } = useAdminUsers({ q, page, sort }, isAdmin);

  const change = (next: { q?: string; page?: number; sort?: AdminUserSort }) =>
    setParams(
      (current) => {
        const out = new URLSearchParams(current);
        const set = (key: string, value: string, fallback: string) =>
          value === fallback ? out.delete(key) : out.set(key, value);
        if (next.q !== undefined) set("q", next.q.trim(), "");
        if (next.sort !== undefined) set("sort", next.sort, DEFAULT_SORT);
        set("page", String(next.page ?? 1), "1");
        return out;
      },
      { replace: true },
    );

  // The list follows the search box a moment after the typing stops.
  useEffect(() => {
    if (typed.trim() === q) return;
    const timer = setTimeout(() => change({ q: typed }), 300);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `change` is made anew each render
  }, [typed, q]);

  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6 p-4 md:p-8">
      <header className="flex flex-col gap-1">
        <h1 className="text-2xl font-semibold tracking-tight">{t("users.title")}</h1>
        <p className="max-w-2xl text-sm text-muted-foreground">{t("users.intro")}</p>
      </header>
      {!isAdmin ? (
        <p role="alert">{t("users.adminsOnly")}</p>
      ) : (
        <>
          <SearchInput
            aria-label={t("users.search")}
            placeholder={t("users.searchPlaceholder")}
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            maxLength={200}
            className="max-w-sm"
          />
          {error ? (
            <p role="alert">{errorMessage(error)}</p>
          ) : isPending ? (
            <PageSpinner label={t("users.loading")} />
          ) : (
            <>
              <UsersTable
                users={data.users}
                sort={sort}
                busy={isFetching}
                onSort={(next) => change({ q, sort: next })}
                empty={q ? t("users.noMatch", { q }) : t("users.none")}
              />
              <Pager
                page={data.page}
                pageSize={data.pageSize}
                total={data.total}
                what="people"
                onPage={(next) => change({ q, sort, page: next })}
              />
            </>
          )}
        </>
      )}
    </div>
  );
}
