// One's kept voice-overs (beyond the spec): voice, first words, duration and date; play one again in
// the preview, download it under its file name, or delete it after a confirmation.
import { VOICES, type VoiceOver } from "@tessera/contracts";
import { Download, Play, Trash2 } from "lucide-react";
import { useState } from "react";
import { Trans, useTranslation } from "react-i18next";
import { toast } from "@/lib/toast";
import { ConfirmDeleteDialog } from "@/components/confirm-delete-dialog";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { errorMessage } from "@/lib/api-client";
import { cn, formatWhen } from "@/lib/utils";
import { useDeleteVoiceOver } from "../api/delete-voice-over";
import { useVoiceOvers } from "../api/get-voice-overs";
import { formatDuration } from "../utils/format-voice";

const voiceName = (id: string) => VOICES.find((v) => v.id === id)?.name ?? id;

export function VoiceOverList({
  currentId,
  loadingId,
  hideWhenEmpty,
  onPlay,
  onDeleted,
}: {
  currentId: string | null;
  loadingId: string | null;
  /** Below Pro there is nothing to make, so an empty list is not shown at all. */
  hideWhenEmpty: boolean;
  onPlay: (voiceOver: VoiceOver) => void;
  onDeleted: (id: string) => void;
}) {
  const { t } = useTranslation("voice");
  const { data, error, isPending } = useVoiceOvers();
  const remove = useDeleteVoiceOver();
  const [deleting, setDeleting] = useState<VoiceOver | null>(null);
  if (hideWhenEmpty && data?.length === 0) return null;

  const confirmDelete = (item: VoiceOver) => {
    setDeleting(null);
    remove.mutate(item.id, {
      onSuccess: () => {
        onDeleted(item.id);
        toast.success(t("list.deleted"), { description: item.excerpt });
      },
      onError: (err) => toast.error(t("list.deleteFailed"), { description: errorMessage(err) }),
    });
  };

  return (
    <section aria-labelledby="voice-overs-heading" className="flex min-w-0 flex-col gap-3">
      <h2 id="voice-overs-heading" className="text-lg font-semibold">
        {t("list.title")}
        {data?.length ? <span className="ml-2 text-muted-foreground">{data.length}</span> : null}
      </h2>
      {isPending ? (
        <div className="flex justify-center py-8">
          <Spinner label={t("list.loading")} className="size-6 text-primary" />
        </div>
      ) : error ? (
        <Alert variant="destructive" role="alert">
          <AlertDescription>{t("list.loadFailed", { reason: errorMessage(error) })}</AlertDescription>
        </Alert>
      ) : data.length === 0 ? (
        <p className="rounded-xl border border-dashed px-6 py-8 text-center text-sm text-muted-foreground">
          {t("list.empty")}
        </p>
      ) : (
        <ul aria-label={t("list.label")} className="flex flex-col gap-2">
          {data.map((item) => (
            <li
              key={item.id}
              aria-label={item.excerpt}
              aria-current={item.id === currentId ? "true" : undefined}
              className={cn(
                "flex flex-col gap-3 rounded-xl border bg-card px-4 py-3 transition-colors sm:flex-row sm:items-center",
                item.id === currentId ? "border-primary/40 bg-primary/5" : "hover:bg-muted/40",
              )}
            >
              <div className="flex min-w-0 flex-1 flex-col gap-1">
                <p className="line-clamp-2 text-sm font-medium break-words">{item.excerpt}</p>
                <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted-foreground">
                  <Badge variant="secondary">{voiceName(item.voice)}</Badge>
                  <span className="tabular-nums">{formatDuration(item.durationMs)}</span>
                  <span>
                    <span aria-hidden="true">· </span>
                    <time dateTime={item.createdAt}>{formatWhen(item.createdAt)}</time>
                  </span>
                  <span className="max-w-full truncate">
                    <span aria-hidden="true">· </span>
                    {item.fileName}
                  </span>
                </p>
              </div>
              <div className="flex shrink-0 items-center gap-1 self-end sm:self-auto">
                <Button
                  variant="outline"
                  size="sm"
                  onClick={() => onPlay(item)}
                  disabled={loadingId !== null}
                  aria-label={t("list.playLabel", {
                    fileName: item.fileName,
                    when: formatWhen(item.createdAt),
                  })}
                >
                  {loadingId === item.id ? <Spinner /> : <Play aria-hidden="true" />}
                  {t("list.play")}
                </Button>
                <Button variant="ghost" size="icon" asChild>
                  <a
                    href={item.url}
                    download={item.fileName}
                    aria-label={t("list.downloadLabel", {
                      fileName: item.fileName,
                      when: formatWhen(item.createdAt),
                    })}
                  >
                    <Download aria-hidden="true" />
                  </a>
                </Button>
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={t("list.deleteLabel", {
                    fileName: item.fileName,
                    when: formatWhen(item.createdAt),
                  })}
                  onClick={() => setDeleting(item)}
                  className="text-muted-foreground hover:text-destructive"
                >
                  <Trash2 aria-hidden="true" />
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}

      <ConfirmDeleteDialog
        item={deleting}
        title={t("list.deleteTitle")}
        description={(item) => (
          <Trans
            t={t}
            i18nKey="list.deleteDescription"
            values={{ fileName: item.fileName, excerpt: item.excerpt }}
            components={{ strong: <strong /> }}
          />
        )}
        onCancel={() => setDeleting(null)}
        onConfirm={confirmDelete}
      />
    </section>
  );
}
