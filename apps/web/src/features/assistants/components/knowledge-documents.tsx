import { DOCUMENT_ACCEPT } from "@tessera/contracts";
import { FileText, PenLine, Upload, X } from "lucide-react";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { FormError } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Spinner } from "@/components/ui/spinner";
import { errorMessage } from "@/lib/api-client";
import { useAddDocument, useDocuments } from "@/lib/documents-api";
import { DocumentEditor } from "./document-editor";
import { shownTitle } from "@/lib/default-titles";

/**
 * The documents an assistant answers from: pick saved ones, upload a file or write one. Each new
 * document is stored in the person's workspace first (POST /api/documents), then attached by id.
 */
export function KnowledgeDocuments({
  ids,
  onAttach,
  onRemove,
}: {
  ids: string[];
  onAttach: (id: string) => void;
  onRemove: (id: string) => void;
}) {
  const { t } = useTranslation("assistants");
  const { data: documents, isPending } = useDocuments();
  const create = useAddDocument();
  const fileInput = useRef<HTMLInputElement>(null);
  const [reading, setReading] = useState<string | null>(null);
  const [writing, setWriting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const unattached = documents?.filter((d) => !ids.includes(d.id)) ?? [];

  const save = async (title: string, content: string) => {
    setError(null);
    try {
      const doc = await create.mutateAsync({ kind: "text", input: { title, content } });
      onAttach(doc.id);
      return true;
    } catch (err) {
      setError(errorMessage(err));
      return false;
    }
  };

  const upload = async (file: File) => {
    setReading(file.name);
    setError(null);
    try {
      // The server reads the whole file (text, markdown or PDF) and titles it from the file name.
      const doc = await create.mutateAsync({ kind: "file", file });
      onAttach(doc.id);
    } catch (err) {
      setError(t("documents.readFailed", { name: file.name, reason: errorMessage(err) }));
    } finally {
      setReading(null);
    }
  };

  return (
    <div className="flex flex-col gap-3">
      {ids.length > 0 ? (
        <ul aria-label={t("documents.attached")} className="flex flex-col gap-1.5">
          {ids.map((id) => {
            const doc = documents?.find((d) => d.id === id);
            const title = doc?.title ?? (isPending ? t("documents.loading") : t("documents.deleted"));
            return (
              <li
                key={id}
                className="flex items-center gap-2.5 rounded-lg border bg-muted/30 py-1.5 ps-3 pe-1.5"
              >
                <FileText className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
                <span className="min-w-0 flex-1">
                  <span className="block truncate text-sm font-medium">{title}</span>
                  {doc ? (
                    <span className="block text-xs text-muted-foreground">
                      {t("documents.characters", { count: doc.characters })}
                    </span>
                  ) : null}
                </span>
                <Button
                  variant="ghost"
                  size="icon"
                  className="size-8"
                  aria-label={t("documents.remove", { title })}
                  onClick={() => onRemove(id)}
                >
                  <X aria-hidden="true" />
                </Button>
              </li>
            );
          })}
        </ul>
      ) : (
        <p className="rounded-lg border border-dashed px-3 py-3 text-center text-sm text-muted-foreground">
          {t("documents.none")}
        </p>
      )}

      {reading ? (
        <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
          <Spinner /> {t("documents.reading", { name: reading })}
        </p>
      ) : null}
      <FormError message={error} />

      {writing ? (
        <DocumentEditor
          busy={create.isPending}
          onCancel={() => setWriting(false)}
          onSave={async (title, content) => {
            if (await save(title, content)) setWriting(false);
          }}
        />
      ) : (
        <div className="flex flex-col gap-2 sm:flex-row">
          <Select value="" onValueChange={onAttach} disabled={unattached.length === 0}>
            <SelectTrigger aria-label={t("documents.add")} className="sm:flex-1">
              <SelectValue
                placeholder={
                  isPending
                    ? t("documents.loadingList")
                    : unattached.length > 0
                      ? t("documents.add")
                      : t("documents.noOthers")
                }
              />
            </SelectTrigger>
            <SelectContent>
              {unattached.map((doc) => (
                <SelectItem
                  key={doc.id}
                  value={doc.id}
                  hint={t("documents.characters", { count: doc.characters })}
                >
                  {shownTitle(doc.title)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          <div className="flex gap-2">
            <Button
              variant="outline"
              className="flex-1"
              disabled={reading !== null}
              onClick={() => fileInput.current?.click()}
            >
              <Upload aria-hidden="true" />
              {t("documents.upload")}
            </Button>
            <Button variant="outline" className="flex-1" onClick={() => setWriting(true)}>
              <PenLine aria-hidden="true" />
              {t("documents.write")}
            </Button>
          </div>
          <input
            ref={fileInput}
            type="file"
            accept={DOCUMENT_ACCEPT}
            className="hidden"
            data-testid="knowledge-file-input"
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = "";
              if (file) void upload(file);
            }}
          />
        </div>
      )}
    </div>
  );
}
