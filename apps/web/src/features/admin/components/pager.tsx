// Previous and next through a paged list, with where the reader is in it.
import { ChevronLeft, ChevronRight } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";

export function Pager({
  page,
  pageSize,
  total,
  what,
  onPage,
}: {
  page: number;
  pageSize: number;
  total: number;
  /** What is counted, in the plural ("people", "events"). */
  /** What is counted, in the admin namespace's pager texts. */
  what: "people" | "events";
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation("admin");
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  return (
    <nav aria-label={t("pager.label")} className="flex flex-wrap items-center justify-between gap-3 text-sm">
      <p className="text-muted-foreground tabular-nums">
        {total === 0 ? t(`pager.${what}.none`) : t(`pager.${what}.range`, { first, last, count: total })}
      </p>
      <div className="flex items-center gap-2">
        <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          <ChevronLeft aria-hidden="true" />
          {t("pager.previous")}
        </Button>
        <span className="text-muted-foreground tabular-nums">{t("pager.page", { page, pages })}</span>
        <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
          {t("pager.next")}
          <ChevronRight aria-hidden="true" />
        </Button>
      </div>
    </nav>
  );
}
