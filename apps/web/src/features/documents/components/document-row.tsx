// One document in a list: its title (a link to it), size and origin, how far its indexing for
// retrieval is (Indexing 40%, Ready, Failed with why), and its Re-index and Delete buttons.
import type { DocumentSummary } from "@tessera/contracts";
import { CircleAlert, CircleCheck, FileText, Globe, RotateCw, Trash2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { useDocumentFacts } from "./document-facts";
import { shownTitle } from "@/lib/default-titles";
import { useJobFailureText } from "@/lib/job-failure-text";

export function DocumentRow({
  doc,
  reindexing,
  onReindex,
  onDelete,
}: {
  doc: DocumentSummary;
  reindexing: boolean;
  onReindex: (doc: DocumentSummary) => void;
  onDelete: (doc: DocumentSummary) => void;
}) {
  const { t } = useTranslation("documents");
  const facts = useDocumentFacts();
  return (
    <li
      aria-label={shownTitle(doc.title)}
      className="group flex items-center gap-3 rounded-xl border bg-card px-4 py-3 transition-colors hover:bg-muted/40"
    >
      <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-muted text-muted-foreground">
        {doc.source_url ? (
          <Globe aria-hidden="true" className="size-4" />
        ) : (
          <FileText aria-hidden="true" className="size-4" />
        )}
      </span>
      <span className="min-w-0 flex-1">
        <Link
          to={`/dashboard/documents/${doc.id}`}
          className="block truncate font-medium hover:underline focus-visible:underline focus-visible:outline-none"
        >
          {shownTitle(doc.title)}
        </Link>
        <span className="block truncate text-xs text-muted-foreground">{facts(doc)}</span>
        <IndexState doc={doc} />
      </span>
      <Button
        variant="ghost"
        size="icon"
        aria-label={t("list.reindex", { title: shownTitle(doc.title) })}
        title={t("list.reindexHint")}
        disabled={reindexing}
        onClick={() => onReindex(doc)}
        className="text-muted-foreground"
      >
        {reindexing ? <Spinner /> : <RotateCw aria-hidden="true" />}
      </Button>
      <Button
        variant="ghost"
        size="icon"
        aria-label={t("list.delete", { title: shownTitle(doc.title) })}
        onClick={() => onDelete(doc)}
        className="text-muted-foreground hover:text-destructive"
      >
        <Trash2 aria-hidden="true" />
      </Button>
    </li>
  );
}

/** Where the document's indexing stands; nothing for an older answer without the field. */
function IndexState({ doc }: { doc: DocumentSummary }) {
  const { t } = useTranslation("documents");
  const failureText = useJobFailureText();
  const index = doc.index;
  if (!index) return null;
  if (index.state === "ready")
    return (
      <span className="mt-1 inline-flex items-center gap-1 text-xs text-emerald-700 dark:text-emerald-400">
        <CircleCheck aria-hidden="true" className="size-3.5" />
        {t("state.ready")}
      </span>
    );
  if (index.state === "failed")
    return (
      <span className="mt-1 flex items-start gap-1 text-xs text-destructive">
        <CircleAlert aria-hidden="true" className="mt-px size-3.5 shrink-0" />
        <span className="break-words">
          {index.error ? t("state.failedWhy", { error: failureText(index.error) }) : t("state.failed")}
        </span>
      </span>
    );
  const progress = index.state === "pending" ? 0 : index.progress;
  const label = index.state === "pending" ? t("state.pending") : t("state.indexing", { progress });
  return (
    <span className="mt-1 flex items-center gap-2 text-xs text-muted-foreground">
      <span
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress}
        className="h-1.5 w-24 overflow-hidden rounded-full bg-muted"
      >
        <span
          className="block h-full rounded-full bg-primary transition-all"
          style={{ width: `${progress}%` }}
        />
      </span>
      {label}
    </span>
  );
}
