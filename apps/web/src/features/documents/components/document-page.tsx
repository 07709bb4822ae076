// /dashboard/documents/:id: one document as search and Tessera Local cite it, with where it came
// from and a way to delete it. Citations of a document link here.
import { ArrowLeft, ExternalLink, Trash2 } from "lucide-react";
import { useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { toast } from "@/lib/toast";
import { ConfirmDeleteDialog } from "@/components/confirm-delete-dialog";
import { Markdown } from "@/components/markdown";
import { NotFoundPanel } from "@/components/not-found-panel";
import { Button } from "@/components/ui/button";
import { PageSpinner } from "@/components/ui/spinner";
import { errorMessage, isNotFound } from "@/lib/api-client";
import { useDeleteDocument, useDocument } from "@/lib/documents-api";
import { INERT_HREF, safeHref } from "@/lib/safe-href";
import { useDocumentTitle } from "@/lib/use-document-title";
import { documentFacts } from "./document-facts";

const BACK = "/dashboard/documents";

export function DocumentPage() {
  const { id = "" } = useParams();
  const navigate = useNavigate();
  const { data: doc, error, isPending, refetch } = useDocument(id);
  const remove = useDeleteDocument();
  const [confirming, setConfirming] = useState(false);
  useDocumentTitle(doc?.title ?? "Document");

  let body;
  if (isPending) body = <PageSpinner label="Loading document" />;
  else if (isNotFound(error))
    body = <NotFoundPanel what="Document" back={{ to: BACK, label: "Back to your documents" }} />;
  else if (!doc)
    body = (
      <div className="flex flex-col items-start gap-3">
        <p className="text-sm text-destructive">This document could not be loaded: {errorMessage(error)}</p>
        <Button variant="outline" size="sm" onClick={() => void refetch()}>
          Try again
        </Button>
      </div>
    );
  else {
    const source = doc.source_url ? safeHref(doc.source_url) : null;
    body = (
      <>
        <header className="flex flex-wrap items-start justify-between gap-4">
          <div className="flex min-w-0 flex-col gap-1.5">
            <h1 className="text-2xl font-semibold tracking-tight break-words">{doc.title}</h1>
            <p className="text-sm text-muted-foreground">{documentFacts(doc)}</p>
            {source && source !== INERT_HREF ? (
              <a
                href={source}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex items-center gap-1 text-sm text-primary hover:underline"
              >
                <ExternalLink aria-hidden="true" className="size-3.5" />
                <span className="truncate">{doc.source_url}</span>
              </a>
            ) : null}
          </div>
          <Button variant="outline" onClick={() => setConfirming(true)} disabled={remove.isPending}>
            <Trash2 aria-hidden="true" />
            Delete
          </Button>
        </header>
        <article aria-label="Document text" className="rounded-xl border bg-card px-5 py-4 sm:px-7 sm:py-6">
          <Markdown>{doc.content}</Markdown>
        </article>
        <ConfirmDeleteDialog
          item={confirming ? doc : null}
          title="Delete this document?"
          description={(d) => (
            <>
              <strong>{d.title}</strong> will be removed from your workspace.
            </>
          )}
          onCancel={() => setConfirming(false)}
          onConfirm={(d) => {
            setConfirming(false);
            remove.mutate(d.id, {
              onSuccess: () => {
                toast.success("Document deleted", { description: d.title });
                void navigate(BACK);
              },
              onError: (err) =>
                toast.error("Could not delete the document", { description: errorMessage(err) }),
            });
          }}
        />
      </>
    );
  }

  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-6 px-4 py-8 sm:px-8">
      <Link
        to={BACK}
        className="inline-flex items-center gap-1.5 text-sm text-muted-foreground hover:text-foreground"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        All documents
      </Link>
      {body}
    </div>
  );
}
