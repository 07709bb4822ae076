// /dashboard/documents: the workspace's knowledge. Add text, files or pages; see what is there with
// its size and origin; open or delete it. Search and Tessera Local find it through the local index.
import type { DocumentSummary } from "@tessera/contracts";
import { FileText, Globe, Trash2 } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { toast } from "@/lib/toast";
import { ConfirmDeleteDialog } from "@/components/confirm-delete-dialog";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { PageSpinner } from "@/components/ui/spinner";
import { SearchInput } from "@/components/ui/search-input";
import { errorMessage } from "@/lib/api-client";
import { useDeleteDocument, useDocuments } from "@/lib/documents-api";
import { useDocumentTitle } from "@/lib/use-document-title";
import { AddDocumentCard } from "./add-document-card";
import { documentFacts } from "./document-facts";

export function DocumentsPage() {
  useDocumentTitle("Documents");
  const { data, error, isPending } = useDocuments();
  const remove = useDeleteDocument();
  const [deleting, setDeleting] = useState<DocumentSummary | null>(null);
  const [filter, setFilter] = useState("");
  const shown = (data ?? []).filter((d) => d.title.toLowerCase().includes(filter.trim().toLowerCase()));

  const confirmDelete = (doc: DocumentSummary) => {
    setDeleting(null);
    remove.mutate(doc.id, {
      onSuccess: () => toast.success("Document deleted", { description: doc.title }),
      onError: (err) => toast.error("Could not delete the document", { description: errorMessage(err) }),
    });
  };

  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-8 sm:px-8 sm:py-10">
      <header className="flex flex-col gap-2">
        <h1 className="text-3xl font-semibold tracking-tight">Documents</h1>
        <p className="text-muted-foreground">
          Your workspace's knowledge: AI Search finds it, and Tessera Local and your assistants answer from
          it.
        </p>
      </header>

      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)]">
        <AddDocumentCard />

        <section aria-labelledby="documents-heading" className="flex min-w-0 flex-col gap-3">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h2 id="documents-heading" className="text-lg font-semibold">
              Your documents{data ? <span className="ml-2 text-muted-foreground">{data.length}</span> : null}
            </h2>
            {data && data.length > 3 ? (
              <SearchInput
                className="w-52"
                aria-label="Filter documents"
                placeholder="Filter by title"
                value={filter}
                onChange={(e) => setFilter(e.target.value)}
              />
            ) : null}
          </div>

          {isPending ? (
            <PageSpinner label="Loading documents" />
          ) : error ? (
            <Alert variant="destructive" role="alert">
              <AlertDescription>Could not load your documents: {errorMessage(error)}</AlertDescription>
            </Alert>
          ) : data.length === 0 ? (
            <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed px-6 py-12 text-center">
              <FileText aria-hidden="true" className="size-8 text-muted-foreground" />
              <p className="font-medium">No documents yet</p>
              <p className="max-w-sm text-sm text-muted-foreground">
                Add notes, a handbook or a web page, then ask AI Search or Tessera Local about it.
              </p>
            </div>
          ) : shown.length === 0 ? (
            <p className="py-6 text-center text-sm text-muted-foreground">No document matches “{filter}”.</p>
          ) : (
            <ul aria-label="Documents" className="flex flex-col gap-2">
              {shown.map((doc) => (
                <li
                  key={doc.id}
                  aria-label={doc.title}
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
                      {doc.title}
                    </Link>
                    <span className="block truncate text-xs text-muted-foreground">{documentFacts(doc)}</span>
                  </span>
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={`Delete ${doc.title}`}
                    onClick={() => setDeleting(doc)}
                    className="text-muted-foreground hover:text-destructive"
                  >
                    <Trash2 aria-hidden="true" />
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>

      <ConfirmDeleteDialog
        item={deleting}
        title="Delete this document?"
        description={(doc) => (
          <>
            <strong>{doc.title}</strong> will be removed from your workspace. Search and your assistants will
            no longer find it.
          </>
        )}
        onCancel={() => setDeleting(null)}
        onConfirm={confirmDelete}
      />
    </div>
  );
}
