// One local model: its download's progress (bytes, speed, time left) while it lasts, why it failed
// (with Retry), or, once ready, its shape, what checked it and the memory it needs. Cancel or remove.
import type { LocalModel } from "@tessera/contracts";
import { RotateCw, Trash2, X } from "lucide-react";
import { useTranslation } from "react-i18next";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "@/components/ui/alert-dialog";
import { Alert, AlertDescription, FormError } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { errorMessage } from "@/lib/api-client";
import { removeLocalModel, retryLocalModel, useLocalModelChange } from "../api/change-local-models";
import { formatBytes, formatDuration, formatSpeed } from "../utils/format";

export function LocalModelCard({ model }: { model: LocalModel }) {
  const { t } = useTranslation("localModels");
  const remove = useLocalModelChange(removeLocalModel);
  const retry = useLocalModelChange(retryLocalModel);
  const downloading = model.status === "downloading";
  return (
    <Card>
      <CardContent className="flex flex-col gap-3 pt-6">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="flex min-w-0 flex-col gap-1">
            <div className="flex flex-wrap items-center gap-2">
              <h3 className="font-medium break-all">{model.name}</h3>
              <StatusBadge model={model} />
            </div>
            <code className="text-xs text-muted-foreground">{model.modelId}</code>
          </div>
          <div className="flex gap-2">
            {model.status === "failed" && model.source !== "file" ? (
              <Button
                size="sm"
                variant="outline"
                disabled={retry.isPending}
                onClick={() => retry.mutate(model.id)}
              >
                <RotateCw aria-hidden="true" />
                {model.resumable ? t("card.resume") : t("card.retry")}
              </Button>
            ) : null}
            <RemoveButton model={model} onRemove={() => remove.mutate(model.id)} pending={remove.isPending} />
          </div>
        </div>
        {downloading ? <DownloadProgress model={model} /> : null}
        {model.status === "failed" && model.error ? (
          <Alert variant="destructive" role="alert">
            <AlertDescription>{model.error}</AlertDescription>
          </Alert>
        ) : null}
        {model.status === "ready" ? <ReadyFacts model={model} /> : null}
        <FormError
          message={remove.error ? errorMessage(remove.error) : retry.error ? errorMessage(retry.error) : null}
        />
      </CardContent>
    </Card>
  );
}

function StatusBadge({ model }: { model: LocalModel }) {
  const { t } = useTranslation("localModels");
  if (model.status === "downloading") return <Badge>{t("card.downloading")}</Badge>;
  if (model.status === "failed") return <Badge variant="destructive">{t("card.failed")}</Badge>;
  return (
    <>
      <Badge variant="success">{t("card.ready")}</Badge>
      {model.loaded ? <Badge variant="secondary">{t("card.loaded")}</Badge> : null}
    </>
  );
}

function DownloadProgress({ model }: { model: LocalModel }) {
  const { t } = useTranslation("localModels");
  const percent = model.sizeBytes ? Math.min(100, (model.downloadedBytes / model.sizeBytes) * 100) : null;
  const label = t("card.downloadingModel", { name: model.name });
  return (
    <div className="flex flex-col gap-1.5">
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent === null ? undefined : Math.floor(percent)}
        className="h-2 w-full overflow-hidden rounded-full bg-muted"
      >
        <div
          className={
            percent === null ? "h-full w-1/3 animate-pulse bg-primary" : "h-full bg-primary transition-all"
          }
          style={percent === null ? undefined : { width: `${percent}%` }}
        />
      </div>
      <p className="text-xs text-muted-foreground tabular-nums">
        {formatBytes(model.downloadedBytes)}
        {model.sizeBytes
          ? ` ${t("card.ofTotal", { total: formatBytes(model.sizeBytes), percent: Math.floor(percent ?? 0) / 100 })}`
          : ""}
        {model.bytesPerSecond ? ` · ${formatSpeed(model.bytesPerSecond)}` : ""}
        {model.secondsLeft !== null
          ? ` · ${t("card.timeLeft", { time: formatDuration(model.secondsLeft) })}`
          : ""}
      </p>
    </div>
  );
}

function ReadyFacts({ model }: { model: LocalModel }) {
  const { t } = useTranslation("localModels");
  const shape = model.details
    ? [
        model.details.architecture,
        model.details.parameters,
        model.details.contextLength ? t("card.trainedFor", { count: model.details.contextLength }) : null,
        model.details.chatTemplate ? t("card.template") : t("card.noTemplate"),
      ]
        .filter(Boolean)
        .join(" · ")
    : null;
  return (
    <ul className="flex flex-col gap-0.5 text-xs text-muted-foreground">
      <li>
        {model.sizeBytes ? formatBytes(model.sizeBytes) : null}
        {model.memoryBytes ? ` · ${t("card.needsMemory", { size: formatBytes(model.memoryBytes) })}` : ""}
        {shape ? ` · ${shape}` : ""}
      </li>
      <li>
        {model.source === "file"
          ? t("card.fromFolder", { file: model.file })
          : model.checksumSource
            ? t(`card.checked.${model.checksumSource}`)
            : t("card.notChecked")}
      </li>
    </ul>
  );
}

function RemoveButton({
  model,
  onRemove,
  pending,
}: {
  model: LocalModel;
  onRemove: () => void;
  pending: boolean;
}) {
  const { t } = useTranslation("localModels");
  const downloading = model.status === "downloading";
  return (
    <AlertDialog>
      <AlertDialogTrigger asChild>
        <Button size="sm" variant="outline" disabled={pending}>
          {downloading ? <X aria-hidden="true" /> : <Trash2 aria-hidden="true" />}
          {downloading ? t("card.cancel") : t("card.remove")}
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>
            {downloading
              ? t("card.cancelTitle", { name: model.name })
              : t("card.removeTitle", { name: model.name })}
          </AlertDialogTitle>
          <AlertDialogDescription>
            {downloading
              ? t("card.cancelDescription")
              : model.source === "file"
                ? t("card.removeFileDescription")
                : t("card.removeDescription")}
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>{t("card.keep")}</AlertDialogCancel>
          <AlertDialogAction onClick={onRemove}>
            {downloading ? t("card.cancelDownload") : t("card.remove")}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
