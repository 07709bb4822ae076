// Admin → Connections → Embedding model: which model turns documents into vectors for retrieval by
// meaning, the built-in offline one or a connection's, tested with one sentence before it is used.
// A change re-embeds every chunk in the background; the card shows how far, or why it stopped, and
// how nearest chunks are found (pgvector's index or exact similarity), and, as /api/health says,
// whether the model answered the last search.
import type { EmbeddingChoice, EmbeddingsStatus, EmbeddingTest, Generation } from "@tessera/contracts";
import { useEffect, useId, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { PageSpinner } from "@/components/ui/spinner";
import { errorMessage } from "@/lib/api-client";
import { toast } from "@/lib/toast";
import { useJobFailureText } from "@/lib/job-failure-text";
import { formatCount } from "@/lib/utils";
import { useChooseEmbeddingModel } from "../api/choose-embedding-model";
import { useEmbeddings } from "../api/get-embeddings";
import { useHealth } from "../api/get-health";
import { useTestEmbeddingModel } from "../api/test-embedding-model";
import { connectionTestText } from "../utils/connection-test-text";

export function EmbeddingModelCard() {
  const { t } = useTranslation("embeddings");
  const { data, error, isPending } = useEmbeddings();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("card.title")}</CardTitle>
        <CardDescription>{t("card.description")}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        {isPending ? (
          <PageSpinner label={t("card.loading")} />
        ) : error ? (
          <p role="alert" className="text-sm text-destructive">
            {errorMessage(error)}
          </p>
        ) : !data.enabled ? (
          <p className="text-sm text-muted-foreground">{t("card.off")}</p>
        ) : (
          <>
            <InUse status={data} />
            <Progress status={data} />
            <ChoiceForm key={JSON.stringify(data.choice)} status={data} />
          </>
        )}
      </CardContent>
    </Card>
  );
}

/** A model as the card names it: the built-in one, or a model on a connection. */
function useModelText() {
  const { t } = useTranslation("embeddings");
  return (g: Generation) =>
    g.source === "builtin"
      ? t("model.builtin")
      : t("model.ofConnection", {
          model: g.model,
          connection: g.connectionName ?? t("model.connectionGone"),
        });
}

function InUse({ status }: { status: EmbeddingsStatus }) {
  const { t } = useTranslation("embeddings");
  const modelText = useModelText();
  const current = status.current;
  const failing = useHealth().data?.embeddings === "failing";
  return (
    <section
      aria-label={t("inUse.label")}
      className="flex flex-col gap-1.5 rounded-xl border bg-muted/30 p-4"
    >
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <span className="font-medium">{t("inUse.label")}</span>
        <span>{current ? modelText(current) : t("inUse.none")}</span>
        {current && current.dims > 0 ? (
          <Badge variant="secondary">
            {t("inUse.dims", { count: current.dims, dims: formatCount(current.dims) })}
          </Badge>
        ) : null}
        {failing ? <Badge variant="destructive">{t("inUse.failing")}</Badge> : null}
      </div>
      {failing ? (
        <p role="alert" className="text-xs text-destructive">
          {t("inUse.failingNote")}
        </p>
      ) : null}
      <p className="text-xs text-muted-foreground">
        {status.vectors === "pgvector"
          ? current?.vectors === "exact"
            ? t("vectors.exactTooWide", { dims: formatCount(current.dims) })
            : t("vectors.pgvector")
          : t(`vectors.${status.vectors}`)}
      </p>
    </section>
  );
}

function Progress({ status }: { status: EmbeddingsStatus }) {
  const { t } = useTranslation("embeddings");
  const failureText = useJobFailureText();
  const choose = useChooseEmbeddingModel();
  const modelText = useModelText();
  const building = status.building;
  if (!building) return null;
  if (building.state === "failed")
    return (
      <div role="alert" className="flex flex-col gap-2 rounded-xl border border-destructive/40 p-4 text-sm">
        <p>
          {t("progress.failed", {
            model: modelText(building),
            error: building.error ? failureText(building.error) : t("progress.noReason"),
          })}
        </p>
        <p className="text-xs text-muted-foreground">{t("progress.keptOld")}</p>
        <Button
          variant="outline"
          size="sm"
          className="self-start"
          disabled={choose.isPending}
          onClick={() => choose.mutate(status.choice, { onError: (err) => toast.error(errorMessage(err)) })}
        >
          {t("progress.retry")}
        </Button>
      </div>
    );
  const percent = building.total ? Math.min(100, Math.round((building.done / building.total) * 100)) : 0;
  return (
    <section aria-label={t("progress.label")} className="flex flex-col gap-2 rounded-xl border p-4 text-sm">
      <p className="font-medium">{t("progress.to", { model: modelText(building) })}</p>
      <div
        role="progressbar"
        aria-label={t("progress.label")}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-2 overflow-hidden rounded-full bg-muted"
      >
        <div className="h-full bg-primary transition-[width]" style={{ width: `${percent}%` }} />
      </div>
      <p aria-live="polite">
        {t("progress.count", {
          count: building.total,
          done: formatCount(building.done),
          total: formatCount(building.total),
        })}
      </p>
      <p className="text-xs text-muted-foreground">{t("progress.meanwhile")}</p>
    </section>
  );
}

function ChoiceForm({ status }: { status: EmbeddingsStatus }) {
  const { t } = useTranslation("embeddings");
  const { t: adminText } = useTranslation("admin");
  const connectionId = useId();
  const modelId = useId();
  const initial = status.choice;
  const [source, setSource] = useState<EmbeddingChoice["source"]>(initial.source);
  const [connection, setConnection] = useState(
    initial.source === "connection" ? initial.connectionId : (status.connections[0]?.id ?? ""),
  );
  const [model, setModel] = useState(initial.source === "connection" ? initial.model : "");
  const [tested, setTested] = useState<EmbeddingTest | null>(null);
  const test = useTestEmbeddingModel();
  const choose = useChooseEmbeddingModel();
  useEffect(() => setTested(null), [connection, model, source]);

  const choice: EmbeddingChoice =
    source === "builtin" ? { source } : { source, connectionId: connection, model: model.trim() };
  const ready = source === "builtin" || (connection !== "" && model.trim() !== "");
  const same =
    JSON.stringify(choice) === JSON.stringify(status.choice) && status.building?.state !== "failed";

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!ready || same) return;
    choose.mutate(choice, {
      onSuccess: () => toast.success(t("choice.started")),
      onError: (err) => toast.error(errorMessage(err)),
    });
  };
  const runTest = () => {
    if (choice.source !== "connection") return;
    test.mutate(
      { connectionId: choice.connectionId, model: choice.model },
      { onSuccess: setTested, onError: (err) => toast.error(errorMessage(err)) },
    );
  };

  return (
    <form onSubmit={submit} className="flex flex-col gap-4">
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-sm font-medium">{t("choice.legend")}</legend>
        {(["builtin", "connection"] as const).map((s) => (
          <label
            key={s}
            className="flex items-start gap-2.5 rounded-lg border p-3 text-sm has-checked:border-primary"
          >
            <input
              type="radio"
              name="embedding-source"
              value={s}
              checked={source === s}
              onChange={() => setSource(s)}
              className="mt-0.5"
            />
            <span className="flex flex-col gap-0.5">
              <span className="font-medium">{t(`choice.${s}.label`)}</span>
              <span className="text-xs text-muted-foreground">{t(`choice.${s}.hint`)}</span>
            </span>
          </label>
        ))}
      </fieldset>
      {source === "connection" ? (
        status.connections.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("choice.noConnections")}</p>
        ) : (
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="flex flex-col gap-2">
              <Label htmlFor={connectionId}>{t("choice.connectionField")}</Label>
              <Select value={connection} onValueChange={setConnection}>
                <SelectTrigger id={connectionId}>
                  <SelectValue placeholder={t("choice.connectionPlaceholder")} />
                </SelectTrigger>
                <SelectContent>
                  {status.connections.map((c) => (
                    <SelectItem key={c.id} value={c.id} disabled={!c.enabled}>
                      {c.enabled ? c.name : t("choice.switchedOff", { name: c.name })}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </div>
            <div className="flex flex-col gap-2">
              <Label htmlFor={modelId}>{t("choice.model")}</Label>
              <Input
                id={modelId}
                value={model}
                dir="ltr"
                onChange={(e) => setModel(e.target.value)}
                placeholder={t("choice.modelPlaceholder")}
                autoComplete="off"
                spellCheck={false}
              />
            </div>
          </div>
        )
      ) : null}
      {tested ? (
        <p role="status" className={tested.ok ? "text-sm text-success" : "text-sm text-destructive"}>
          {tested.ok
            ? t("test.ok", {
                count: tested.dims ?? 0,
                dims: formatCount(tested.dims ?? 0),
                ms: formatCount(tested.ms),
              })
            : t("test.failed", { error: connectionTestText(tested.error ?? "", adminText) })}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {source === "connection" ? (
          <Button type="button" variant="outline" disabled={!ready || test.isPending} onClick={runTest}>
            {test.isPending ? t("test.running") : t("test.button")}
          </Button>
        ) : null}
        <Button type="submit" disabled={!ready || same || choose.isPending}>
          {choose.isPending ? t("choice.saving") : t("choice.use")}
        </Button>
      </div>
    </form>
  );
}
