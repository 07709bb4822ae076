// A passage someone reads through an assistant they use, of a document that is not theirs: the
// cited passage marked, with the passages either side, read-only. The rest stays with its owner.
import type { DocumentChunk } from "@tessera/contracts";
import { Info } from "lucide-react";
import { useTranslation } from "react-i18next";
import { DocumentText } from "./document-text";

export function SharedPassage({ chunk }: { chunk: DocumentChunk }) {
  const { t } = useTranslation("documents");
  const text = [chunk.before, chunk.content, chunk.after].filter(Boolean).join("\n\n");
  return (
    <>
      <header className="flex flex-col gap-1.5">
        <h1 className="text-2xl font-semibold tracking-tight break-words">{chunk.title}</h1>
        <p className="text-sm text-muted-foreground">
          {[
            t("page.sharedPassage"),
            chunk.heading,
            chunk.page ? t("page.pageLabel", { page: chunk.page }) : null,
          ]
            .filter(Boolean)
            .join(" · ")}
        </p>
      </header>
      <p className="flex items-start gap-2 rounded-lg border bg-muted/40 px-3 py-2 text-sm text-muted-foreground">
        <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        {t("page.sharedNote")}
      </p>
      <DocumentText content={text} page={null} passage={chunk.content} />
    </>
  );
}
