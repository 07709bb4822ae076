// /dashboard/documents/:id: one document as search and Tessera Local cite it, with where it came
// from and a way to delete it. Citations link here with `?chunk=<id>&page=<n>`: the cited passage is
// marked and scrolled into view (or, while it loads or if it is gone, its page). With
// `&assistant=<id>` (a citation in a chat with an assistant), someone who does not read the document
// sees the cited passage alone (shared-passage.tsx).
import { ArrowLeft, ExternalLink, Trash2 } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useParams, useSearchParams } from "react-router";
import { ConfirmDeleteDialog } from "@/components/confirm-delete-dialog";
import { NotFoundPanel } from "@/components/not-found-panel";
import { Button } from "@/components/ui/button";
import { PageSpinner } from "@/components/ui/spinner";
import { errorMessage, isNotFound } from "@/lib/api-client";
import { useDocument } from "@/lib/documents-api";
import { INERT_HREF, safeHref } from "@/lib/safe-href";
import { toast } from "@/lib/toast";
import { useDocumentTitle } from "@/lib/use-document-title";
import { useDeleteDocumentOf } from "../api/collections";
import { useChunk } from "@/lib/chunk-api";
import { useDocumentFacts } from "./document-facts";
import { DocumentText } from "./document-text";
import { SharedPassage } from "./shared-passage";
import { shownTitle } from "@/lib/default-titles";

const BACK = "/dashboard/documents";

export function DocumentPage() {
  const { t } = useTranslation("documents");
  const { id = "" } = useParams();
  const [params] = useSearchParams();
  const chunkId = params.get("chunk");
  const pageParam = Number(params.get("page"));
  const navigate = useNavigate();
  const { data: doc, error, isPending, refetch } = useDocument(id);
  const assistantId = params.get("assistant");
  const { data: chunk, isPending: chunkPending } = useChunk(id, chunkId, assistantId);
  const remove = useDeleteDocumentOf();
  const facts = useDocumentFacts();
  const [confirming, setConfirming] = useState(false);
  useDocumentTitle(doc?.title ?? chunk?.title ?? t("page.document"));
  const back = doc?.collection_id ? `${BACK}?collection=${doc.collection_id}` : BACK;

  let body;
  if (isPending || (isNotFound(error) && chunkId && assistantId && chunkPending))
    body = <PageSpinner label={t("page.loading")} />;
  else if (isNotFound(error) && chunk) body = <SharedPassage chunk={chunk} />;
  else if (isNotFound(error))
    body = <NotFoundPanel what={t("page.document")} back={{ to: BACK, label: t("page.backToYours") }} />;
  else if (!doc)
    body = (
      <div className="flex flex-col items-start gap-3">
        <p className="text-sm text-destructive">{t("page.loadFailed", { error: errorMessage(error) })}</p>
        <Button variant="outline" size="sm" onClick={() => void refetch()}>
          {t("page.retry")}
        </Button>
      </div>
    );
  else {
    const source = doc.source_url ? safeHref(doc.source_url) : null;
    body = (
      <>
        <header className="flex flex-wrap items-start justify-between gap-4">
          <div className="flex min-w-0 flex-col gap-1.5">
            <h1 className="text-2xl font-semibold tracking-tight break-words">{shownTitle(doc.title)}</h1>
            <p className="text-sm text-muted-foreground">{facts(doc)}</p>
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
            {t("page.delete")}
          </Button>
        </header>
        <DocumentText
          content={doc.content}
          page={chunk?.page ?? (pageParam > 0 ? pageParam : null)}
          passage={chunk?.content ?? null}
        />
        <ConfirmDeleteDialog
          item={confirming ? doc : null}
          title={t("delete.title")}
          description={(d) => t("delete.descriptionShort", { title: d.title })}
          onCancel={() => setConfirming(false)}
          onConfirm={(d) => {
            setConfirming(false);
            remove.mutate(d, {
              onSuccess: () => {
                toast.success(t("delete.done"), { description: d.title });
                void navigate(back);
              },
              onError: (err) => toast.error(t("delete.failed"), { description: errorMessage(err) }),
            });
          }}
        />
      </>
    );
  }

  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-6 px-4 py-8 sm:px-8">
      <Link
        to={back}
        className="inline-flex items-center gap-1.5 text-sm text-muted-foreground hover:text-foreground"
      >
        <ArrowLeft aria-hidden="true" className="size-4 rtl:rotate-180" />
        {t("page.all")}
      </Link>
      {body}
    </div>
  );
}
