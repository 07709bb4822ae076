import { History, Radio, Trash2 } from "lucide-react";
import { useId, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "@/lib/toast";
import { ConfirmDeleteDialog } from "@/components/confirm-delete-dialog";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { errorMessage } from "@/lib/api-client";
import { cn, formatShortWhen } from "@/lib/utils";
import { useDeleteSearches } from "../api/delete-search";
import { useSearches } from "../api/get-searches";
import { groupThreads, type SearchThreadSummary } from "../utils/group-threads";
import { showSearchError } from "../utils/search-toasts";

/** Past searches, one entry per thread: open one to read it again, or delete it after asking. */
export function SearchHistory({
  activeRootId,
  onOpen,
  onDeleted,
  className,
  inSheet = false,
}: {
  activeRootId: string | null;
  onOpen: (thread: SearchThreadSummary) => void;
  onDeleted: (thread: SearchThreadSummary) => void;
  className?: string;
  /** Leaves room for the sheet's close button. */
  inSheet?: boolean;
}) {
  const { t } = useTranslation("search");
  const { data, isPending, isError, refetch } = useSearches();
  const threads = useMemo(() => (data ? groupThreads(data) : []), [data]);
  const deletion = useDeleteSearches();
  const [pending, setPending] = useState<SearchThreadSummary | null>(null);
  const titleId = useId();

  const remove = (thread: SearchThreadSummary) => {
    setPending(null);
    deletion.mutate(thread.searchIds, {
      onSuccess: () => {
        toast.success(t("history.deleted"));
        onDeleted(thread);
      },
      onError: (error) => showSearchError(errorMessage(error), t("history.deleteFailed")),
    });
  };

  return (
    <aside aria-labelledby={titleId} className={cn("flex min-h-0 flex-col", className)}>
      <div className={cn("flex h-12 shrink-0 items-center gap-2 border-b px-3", inSheet && "pe-12")}>
        <History className="size-4 text-muted-foreground" aria-hidden="true" />
        <h2 id={titleId} className="text-sm font-semibold tracking-tight">
          {t("history.title")}
        </h2>
      </div>
      <div className="scroll-area min-h-0 flex-1 overflow-y-auto p-2">
        {isPending ? (
          <Spinner label={t("history.loading")} className="mx-auto my-6 size-5 text-primary" />
        ) : isError ? (
          <div className="flex flex-col items-start gap-2 px-2 py-4 text-sm">
            <p className="text-destructive">{t("history.loadFailed")}</p>
            <Button variant="outline" size="sm" onClick={() => void refetch()}>
              {t("history.tryAgain")}
            </Button>
          </div>
        ) : threads.length === 0 ? (
          <p className="px-2 py-6 text-center text-sm text-muted-foreground">{t("history.empty")}</p>
        ) : (
          <ul aria-label={t("history.list")} className="flex flex-col gap-0.5">
            {threads.map((thread) => (
              <li
                key={thread.rootId}
                className={cn(
                  "group flex items-start gap-1 rounded-lg transition-colors hover:bg-accent/60",
                  thread.rootId === activeRootId && "bg-accent",
                )}
              >
                <button
                  type="button"
                  onClick={() => onOpen(thread)}
                  aria-current={thread.rootId === activeRootId ? "true" : undefined}
                  className="flex min-w-0 flex-1 flex-col gap-0.5 rounded-lg px-2.5 py-2 text-start outline-none focus-visible:ring-[3px] focus-visible:ring-ring/40"
                >
                  <span className="line-clamp-2 text-sm leading-snug font-medium break-words">
                    {thread.query}
                  </span>
                  <span className="flex flex-wrap gap-x-2 text-xs text-muted-foreground">
                    <time dateTime={thread.lastAt}>{formatShortWhen(thread.lastAt)}</time>
                    {thread.searchIds.length > 1 ? (
                      <span>{t("history.followUps", { count: thread.searchIds.length - 1 })}</span>
                    ) : null}
                    {thread.status === "running" ? (
                      <span className="flex items-center gap-1 font-medium text-primary">
                        <Radio className="size-3" aria-hidden="true" />
                        {t("history.running")}
                      </span>
                    ) : null}
                  </span>
                </button>
                <Button
                  variant="ghost"
                  size="icon"
                  className="mt-1 me-1 size-7 shrink-0 text-muted-foreground opacity-100 hover:text-destructive lg:opacity-0 lg:group-focus-within:opacity-100 lg:group-hover:opacity-100"
                  aria-label={t("history.delete", { query: thread.query })}
                  disabled={deletion.isPending}
                  onClick={() => setPending(thread)}
                >
                  <Trash2 className="size-3.5" aria-hidden="true" />
                </Button>
              </li>
            ))}
          </ul>
        )}
      </div>
      <ConfirmDeleteDialog
        item={pending}
        title={t("history.deleteTitle")}
        description={(thread) =>
          thread.searchIds.length > 1
            ? t("history.deleteThread", { query: thread.query, count: thread.searchIds.length - 1 })
            : t("history.deleteOne", { query: thread.query })
        }
        onCancel={() => setPending(null)}
        onConfirm={remove}
      />
    </aside>
  );
}
