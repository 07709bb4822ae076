// The curated instruct models an admin can download in one click, each with what an admin weighs:
// its licence, its size, the memory it needs, and how fast it answers on a small CPU.
import { LOCAL_MODEL_CATALOGUE, type LocalCatalogueModel, type LocalModel } from "@tessera/contracts";
import { Download } from "lucide-react";
import { useTranslation } from "react-i18next";
import { FormError } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { errorMessage } from "@/lib/api-client";
import { useCatalogueTexts } from "@/lib/catalogue-texts";
import { safeHref } from "@/lib/safe-href";
import { addLocalModel, useLocalModelChange } from "../api/change-local-models";
import { formatBytes } from "../utils/format";

export function ModelCatalogue({ added, hub }: { added: LocalModel[]; hub: string }) {
  const { t } = useTranslation("localModels");
  return (
    <section aria-labelledby="local-models-catalogue" className="flex flex-col gap-3">
      <div className="flex flex-col gap-1">
        <h2 id="local-models-catalogue" className="text-lg font-semibold">
          {t("catalogue.title")}
        </h2>
        <p className="text-sm text-muted-foreground">{t("catalogue.description")}</p>
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
  const { t } = useTranslation("localModels");
  const texts = useCatalogueTexts();
  const add = useLocalModelChange(addLocalModel);
  const page = `${hub}/${model.repo}`;
  return (
    <Card className="flex w-full flex-col">
      <CardHeader>
        <CardTitle className="text-base">{model.name}</CardTitle>
        <CardDescription>{texts.localModelDescription(model)}</CardDescription>
      </CardHeader>
      <CardContent className="mt-auto flex flex-col gap-3">
        <dl className="grid grid-cols-2 gap-x-3 gap-y-1 text-xs">
          <dt className="text-muted-foreground">{t("catalogue.licence")}</dt>
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
          <dt className="text-muted-foreground">{t("catalogue.download")}</dt>
          <dd>{t("catalogue.about", { size: formatBytes(model.sizeBytes) })}</dd>
          <dt className="text-muted-foreground">{t("catalogue.memory")}</dt>
          <dd>{t("catalogue.about", { size: formatBytes(model.memoryBytes) })}</dd>
          <dt className="text-muted-foreground">{t("catalogue.speed")}</dt>
          <dd>{t("catalogue.tokensPerSecond", { rate: model.tokensPerSecond, basis: model.speedBasis })}</dd>
        </dl>
        <Button
          size="sm"
          variant={added ? "outline" : "default"}
          disabled={added || add.isPending}
          onClick={() => add.mutate({ catalogueId: model.id })}
          aria-label={
            added
              ? t("catalogue.isAdded", { name: model.name })
              : t("catalogue.downloadModel", { name: model.name })
          }
        >
          <Download aria-hidden="true" />
          {added ? t("catalogue.added") : add.isPending ? t("catalogue.starting") : t("catalogue.download")}
        </Button>
        <FormError message={add.error ? errorMessage(add.error) : null} />
      </CardContent>
    </Card>
  );
}
