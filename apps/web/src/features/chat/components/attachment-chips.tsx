import { FileText, X } from "lucide-react";
import { Spinner } from "@/components/ui/spinner";
import { formatCount } from "@/lib/utils";
import type { PendingAttachment } from "../hooks/use-composer";
import { useTranslation } from "react-i18next";

/** The files attached to the message being written, each with a remove button. */
export function AttachmentChips({
  attachments,
  onRemove,
}: {
  attachments: PendingAttachment[];
  onRemove: (id: string) => void;
}) {
  const { t } = useTranslation("chat");
  if (attachments.length === 0) return null;
  return (
    <ul aria-label={t("attachments.label")} className="flex flex-wrap gap-2 px-3 pt-3">
      {attachments.map((a) => (
        <li
          key={a.id}
          className="flex max-w-[16rem] animate-fade-in items-center gap-2 rounded-lg border bg-background/70 py-1 ps-1 pe-1 text-xs shadow-xs"
        >
          {a.kind === "image" && a.preview ? (
            <img src={a.preview} alt="" className="size-8 rounded-md object-cover" />
          ) : (
            <span className="flex size-8 items-center justify-center rounded-md bg-muted text-muted-foreground">
              {a.kind === "reading" ? (
                <Spinner label={t("attachments.readingNamed", { name: a.name })} />
              ) : (
                <FileText className="size-4" aria-hidden="true" />
              )}
            </span>
          )}
          <span className="flex min-w-0 flex-col">
            <span className="truncate font-medium">{a.name}</span>
            <span className="text-[0.68rem] text-muted-foreground">
              {a.kind === "image"
                ? t("attachments.image")
                : a.kind === "reading"
                  ? t("attachments.reading")
                  : a.truncated
                    ? t("attachments.textTruncated", { chars: formatCount(2000) })
                    : t("attachments.text")}
            </span>
          </span>
          <button
            type="button"
            aria-label={t("attachments.remove", { name: a.name })}
            onClick={() => onRemove(a.id)}
            className="flex size-6 shrink-0 items-center justify-center rounded-md text-muted-foreground transition outline-none hover:bg-accent hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/40"
          >
            <X className="size-3.5" aria-hidden="true" />
          </button>
        </li>
      ))}
    </ul>
  );
}
