// Admin → Local models: open models that run inside Tessera (llama.cpp on this server). The models
// added, with their downloads' progress; a curated list to download from; a model by its address; a
// file already in the server's models folder. Ready models answer in the chat as gguf/<name>.
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
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
  useDocumentTitle("Local models");
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
        <h1 className="text-2xl font-semibold tracking-tight">Local models</h1>
        <p className="text-sm text-muted-foreground">
          Open models that run on this server with llama.cpp: no other server to install, and nothing leaves
          it. A ready model answers in the chat, in the Open Source group.
        </p>
      </header>
      {!isAdmin ? (
        <p role="alert">Only administrators of this instance can manage local models.</p>
      ) : error ? (
        <p role="alert">{errorMessage(error)}</p>
      ) : isPending ? (
        <PageSpinner />
      ) : (
        <>
          <p className="text-sm text-muted-foreground">
            {data.freeDiskBytes !== null ? `${formatBytes(data.freeDiskBytes)} free on disk · ` : ""}
            {formatBytes(data.freeMemoryBytes)} of memory free · {threads(data.runtime.threads)},{" "}
            {data.runtime.concurrency === 1
              ? "one answer at a time per model"
              : `${data.runtime.concurrency} answers at a time per model`}
            , unloaded after {Math.round(data.runtime.idleSeconds / 60)} min unused
            {data.runtime.gpu === "off" ? "" : ` · GPU: ${data.runtime.gpu}`}
          </p>
          <section aria-labelledby="local-models-added" className="flex flex-col gap-3">
            <h2 id="local-models-added" className="text-lg font-semibold">
              On this server
            </h2>
            {data.models.length === 0 ? (
              <p className="text-sm text-muted-foreground">
                No local models yet. Download one below, or add a file you put on the server.
              </p>
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
              <CardTitle>Add a model by its address</CardTitle>
              <CardDescription>
                The download address of a GGUF file (on a model hub, the one with /resolve/ in it), from the
                internet or your own network.
              </CardDescription>
            </CardHeader>
            <CardContent>
              <AddByUrlForm />
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>Add a file already on the server</CardTitle>
              <CardDescription>
                Put <code className="text-xs">.gguf</code> files in{" "}
                <code className="text-xs">{data.folder}</code> and they are listed here.
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

const threads = (n: number) => (n === 1 ? "1 CPU thread per answer" : `${n} CPU threads per answer`);
