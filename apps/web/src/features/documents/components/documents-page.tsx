// /dashboard/documents: the workspace's knowledge. The person's own documents and the knowledge bases
// (collections) they read, personal or their team's; add text, files or pages to either; see each
// document's size, origin and indexing state; re-index, open or delete it. `?collection=<id>` picks one.
import type { CollectionSummary, DocumentSummary } from "@tessera/contracts";
import { FileText, Pencil, Trash2, Users } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { ConfirmDeleteDialog } from "@/components/confirm-delete-dialog";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { SearchInput } from "@/components/ui/search-input";
import { PageSpinner } from "@/components/ui/spinner";
import { errorMessage } from "@/lib/api-client";
import { toast } from "@/lib/toast";
import { useDocumentTitle } from "@/lib/use-document-title";
import {
  useCollection,
  useCollections,
  useDeleteCollection,
  useDeleteDocumentOf,
  useIndexedDocuments,
  useReindexDocument,
} from "../api/collections";
import { AddDocumentCard } from "./add-document-card";
import { CollectionFormDialog } from "./collection-form-dialog";
import { CollectionsNav } from "./collections-nav";
import { DocumentRow } from "./document-row";
import { shownTitle } from "@/lib/default-titles";

export function DocumentsPage() {
  const { t } = useTranslation("documents");
  const { t: tk } = useTranslation("knowledge");
  useDocumentTitle(t("page.title"));
  const [params, setParams] = useSearchParams();
  const selected = params.get("collection");
  const select = (id: string | null) => setParams(id ? { collection: id } : {});

  const own = useIndexedDocuments();
  const collections = useCollections();
  const collection = useCollection(selected);
  const current = selected ? collection : own;
  const docs = selected ? collection.data?.items : own.data;
  const summary = collections.data?.find((c) => c.id === selected) ?? collection.data ?? null;

  const remove = useDeleteDocumentOf();
  const reindex = useReindexDocument();
  const removeCollection = useDeleteCollection();
  const [deleting, setDeleting] = useState<DocumentSummary | null>(null);
  const [deletingCollection, setDeletingCollection] = useState<CollectionSummary | null>(null);
  const [form, setForm] = useState<{ editing: CollectionSummary | null } | null>(null);
  const [filter, setFilter] = useState("");
  const shown = (docs ?? []).filter((d) => d.title.toLowerCase().includes(filter.trim().toLowerCase()));

  const confirmDelete = (doc: DocumentSummary) => {
    setDeleting(null);
    remove.mutate(doc, {
      onSuccess: () => toast.success(t("delete.done"), { description: doc.title }),
      onError: (err) => toast.error(t("delete.failed"), { description: errorMessage(err) }),
    });
  };
  const startReindex = (doc: DocumentSummary) =>
    reindex.mutate(doc, {
      onSuccess: () => toast.success(t("list.reindexed"), { description: doc.title }),
      onError: (err) => toast.error(t("list.reindexFailed"), { description: errorMessage(err) }),
    });
  const confirmDeleteCollection = (c: CollectionSummary) => {
    setDeletingCollection(null);
    removeCollection.mutate(c.id, {
      onSuccess: () => {
        toast.success(tk("delete.done"), { description: c.name });
        select(null);
      },
      onError: (err) => toast.error(tk("delete.failed"), { description: errorMessage(err) }),
    });
  };

  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-8 sm:px-8 sm:py-10">
      <header className="flex flex-col gap-2">
        <h1 className="text-3xl font-semibold tracking-tight">{t("page.title")}</h1>
        <p className="text-muted-foreground">{t("page.description")}</p>
      </header>

      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)]">
        <div className="flex min-w-0 flex-col gap-6">
          <CollectionsNav
            collections={collections.data}
            error={collections.error}
            selected={selected}
            ownCount={own.data?.length}
            onSelect={select}
            onCreate={() => setForm({ editing: null })}
          />
          {selected && !summary ? null : (
            <AddDocumentCard
              key={selected ?? "own"}
              collection={summary ? { id: summary.id, name: summary.name } : null}
            />
          )}
        </div>

        <section aria-labelledby="documents-heading" className="flex min-w-0 flex-col gap-3">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h2 id="documents-heading" className="flex min-w-0 items-center gap-2 text-lg font-semibold">
              <span className="truncate">{summary ? summary.name : t("list.title")}</span>
              {docs ? <span className="text-muted-foreground">{docs.length}</span> : null}
              {summary ? (
                <Badge variant="secondary" className="shrink-0">
                  {summary.team_id ? <Users aria-hidden="true" className="size-3" /> : null}
                  {summary.team_id ? tk("nav.team") : tk("nav.personal")}
                </Badge>
              ) : null}
            </h2>
            <div className="flex items-center gap-2">
              {summary ? (
                <>
                  <Button variant="outline" size="sm" onClick={() => setForm({ editing: summary })}>
                    <Pencil aria-hidden="true" />
                    {tk("actions.rename")}
                  </Button>
                  <Button variant="outline" size="sm" onClick={() => setDeletingCollection(summary)}>
                    <Trash2 aria-hidden="true" />
                    {tk("actions.delete")}
                  </Button>
                </>
              ) : null}
              {docs && docs.length > 3 ? (
                <SearchInput
                  className="w-52"
                  aria-label={t("list.filter")}
                  placeholder={t("list.filterPlaceholder")}
                  value={filter}
                  onChange={(e) => setFilter(e.target.value)}
                />
              ) : null}
            </div>
          </div>
          {summary?.description ? (
            <p className="text-sm text-muted-foreground">{summary.description}</p>
          ) : null}

          {current.isPending ? (
            <PageSpinner label={t("list.loading")} />
          ) : current.error || !docs ? (
            <Alert variant="destructive" role="alert">
              <AlertDescription>{t("list.failed", { error: errorMessage(current.error) })}</AlertDescription>
            </Alert>
          ) : docs.length === 0 ? (
            <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed px-6 py-12 text-center">
              <FileText aria-hidden="true" className="size-8 text-muted-foreground" />
              <p className="font-medium">{summary ? tk("empty.title") : t("list.emptyTitle")}</p>
              <p className="max-w-sm text-sm text-muted-foreground">
                {summary ? tk("empty.description") : t("list.emptyDescription")}
              </p>
            </div>
          ) : shown.length === 0 ? (
            <p className="py-6 text-center text-sm text-muted-foreground">{t("list.noMatch", { filter })}</p>
          ) : (
            <ul aria-label={t("list.label")} className="flex flex-col gap-2">
              {shown.map((doc) => (
                <DocumentRow
                  key={doc.id}
                  doc={doc}
                  reindexing={reindex.isPending && reindex.variables?.id === doc.id}
                  onReindex={startReindex}
                  onDelete={setDeleting}
                />
              ))}
            </ul>
          )}
        </section>
      </div>

      <ConfirmDeleteDialog
        item={deleting}
        title={t("delete.title")}
        description={(doc) => t("delete.description", { title: shownTitle(doc.title) })}
        onCancel={() => setDeleting(null)}
        onConfirm={confirmDelete}
      />
      <ConfirmDeleteDialog
        item={deletingCollection}
        title={tk("delete.title")}
        description={(c) => tk("delete.description", { name: c.name, count: c.documents })}
        onCancel={() => setDeletingCollection(null)}
        onConfirm={confirmDeleteCollection}
      />
      <CollectionFormDialog
        open={form !== null}
        editing={form?.editing ?? null}
        onClose={() => setForm(null)}
        onSaved={(saved) => {
          setForm(null);
          select(saved.id);
        }}
      />
    </div>
  );
}
