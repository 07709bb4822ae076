// The curated instruct models an admin can download in one click, each with what an admin weighs:
// its licence, its size, the memory it needs, and how fast it answers on a small CPU.
import { LOCAL_MODEL_CATALOGUE, type LocalCatalogueModel, type LocalModel } from "@tessera/contracts";
import { Download } from "lucide-react";
import { FormError } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { errorMessage } from "@/lib/api-client";
import { safeHref } from "@/lib/safe-href";
import { addLocalModel, useLocalModelChange } from "../api/change-local-models";
import { formatBytes } from "../utils/format";

export function ModelCatalogue({ added, hub }: { added: LocalModel[]; hub: string }) {
  return (
    <section aria-labelledby="local-models-catalogue" className="flex flex-col gap-3">
      <div className="flex flex-col gap-1">
        <h2 id="local-models-catalogue" className="text-lg font-semibold">
          Download a model
        </h2>
        <p className="text-sm text-muted-foreground">
          Instruct models that run well on a CPU, at 4-bit quality (Q4_K_M). Each download is checked against
          the SHA-256 the hub sends with the file. Speeds are for two CPU cores and one thread: measured for
          the Qwen2.5 models with files of their shape, estimated by size for the others.
        </p>
      </div>
      <ul className="grid gap-3 sm:grid-cols-2">
        {LOCAL_MODEL_CATALOGUE.map((model) => (
          <li key={model.id} className="flex">
            <CatalogueCard model={model} hub={hub} added={added.some((m) => m.catalogueId === model.id)} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function CatalogueCard({ model, hub, added }: { model: LocalCatalogueModel; hub: string; added: boolean }) {
  const add = useLocalModelChange(addLocalModel);
  const page = `${hub}/${model.repo}`;
  return (
    <Card className="flex w-full flex-col">
      <CardHeader>
        <CardTitle className="text-base">{model.name}</CardTitle>
        <CardDescription>{model.description}</CardDescription>
      </CardHeader>
      <CardContent className="mt-auto flex flex-col gap-3">
        <dl className="grid grid-cols-2 gap-x-3 gap-y-1 text-xs">
          <dt className="text-muted-foreground">Licence</dt>
          <dd>
            <a
              href={safeHref(model.licence.url ?? page)}
              target="_blank"
              rel="noopener noreferrer"
              className="underline-offset-2 hover:underline"
            >
              {model.licence.name}
            </a>
          </dd>
          <dt className="text-muted-foreground">Download</dt>
          <dd>about {formatBytes(model.sizeBytes)}</dd>
          <dt className="text-muted-foreground">Memory</dt>
          <dd>about {formatBytes(model.memoryBytes)}</dd>
          <dt className="text-muted-foreground">Speed</dt>
          <dd>
            ~{model.tokensPerSecond} tokens/s ({model.speedBasis})
          </dd>
        </dl>
        <Button
          size="sm"
          variant={added ? "outline" : "default"}
          disabled={added || add.isPending}
          onClick={() => add.mutate({ catalogueId: model.id })}
          aria-label={added ? `${model.name} is added` : `Download ${model.name}`}
        >
          <Download aria-hidden="true" />
          {added ? "Added" : add.isPending ? "Starting…" : "Download"}
        </Button>
        <FormError message={add.error ? errorMessage(add.error) : null} />
      </CardContent>
    </Card>
  );
}
