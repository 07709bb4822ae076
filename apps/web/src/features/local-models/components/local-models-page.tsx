// Admin → Local models: open models that run inside Tessera (llama.cpp on this server). The models
// added, with their downloads' progress; a curated list to download from; a model by its address; a
// file already in the server's models folder. Ready models answer in the chat as gguf/<name>.
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { Trans, useTranslation } from "react-i18next";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { PageSpinner } from "@/components/ui/spinner";
import { errorMessage } from "@/lib/api-client";
import { useAuth } from "@/lib/auth-context";
import { modelsQuery } from "@/lib/models-query";
import { useDocumentTitle } from "@/lib/use-document-title";
import { useLocalModels } from "../api/get-local-models";
import { formatBytes } from "../utils/format";
import { AddByUrlForm, ServerFiles } from "./add-model-forms";
import { LocalModelCard } from "./local-model-card";
import { ModelCatalogue } from "./model-catalogue";

export function LocalModelsPage() {
  const { t } = useTranslation("localModels");
  useDocumentTitle(t("page.title"));
  const { user } = useAuth();
  const isAdmin = user?.role === "admin";
  const { data, error, isPending } = useLocalModels(isAdmin);
  const queryClient = useQueryClient();
  // A download that ends ready is offered in the model picker from then on.
  const ready = data?.models.filter((m) => m.status === "ready").length ?? 0;
  const readyBefore = useRef(ready);
  useEffect(() => {
    if (ready !== readyBefore.current) void queryClient.invalidateQueries({ queryKey: modelsQuery.queryKey });
    readyBefore.current = ready;
  }, [ready, queryClient]);

  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-6 p-4 md:p-8">
      <header className="flex flex-col gap-1">
        <h1 className="text-2xl font-semibold tracking-tight">{t("page.title")}</h1>
        <p className="text-sm text-muted-foreground">{t("page.intro")}</p>
      </header>
      {!isAdmin ? (
        <p role="alert">{t("page.adminsOnly")}</p>
      ) : error ? (
        <p role="alert">{errorMessage(error)}</p>
      ) : isPending ? (
        <PageSpinner />
      ) : (
        <>
          <p className="text-sm text-muted-foreground">
            {data.freeDiskBytes !== null
              ? t("runtime.freeDisk", { size: formatBytes(data.freeDiskBytes) }) + " · "
              : ""}
            {t("runtime.summary", {
              memory: formatBytes(data.freeMemoryBytes),
              threads: t("runtime.threads", { count: data.runtime.threads }),
              answers: t("runtime.answers", { count: data.runtime.concurrency }),
              minutes: Math.round(data.runtime.idleSeconds / 60),
            })}
            {data.runtime.gpu === "off" ? "" : ` · ${t("runtime.gpu", { gpu: data.runtime.gpu })}`}
          </p>
          <section aria-labelledby="local-models-added" className="flex flex-col gap-3">
            <h2 id="local-models-added" className="text-lg font-semibold">
              {t("page.onServer")}
            </h2>
            {data.models.length === 0 ? (
              <p className="text-sm text-muted-foreground">{t("page.none")}</p>
            ) : (
              <ul className="flex flex-col gap-3">
                {data.models.map((model) => (
                  <li key={model.id}>
                    <LocalModelCard model={model} />
                  </li>
                ))}
              </ul>
            )}
          </section>
          <ModelCatalogue added={data.models} hub={data.hub} />
          <Card>
            <CardHeader>
              <CardTitle>{t("byUrl.title")}</CardTitle>
              <CardDescription>{t("byUrl.description")}</CardDescription>
            </CardHeader>
            <CardContent>
              <AddByUrlForm />
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>{t("files.title")}</CardTitle>
              <CardDescription>
                <Trans
                  t={t}
                  i18nKey="files.description"
                  values={{ folder: data.folder }}
                  components={{ code: <code className="text-xs" /> }}
                />
              </CardDescription>
            </CardHeader>
            <CardContent>
              <ServerFiles files={data.files} />
            </CardContent>
          </Card>
        </>
      )}
    </div>
  );
}
