// /dashboard/images, the Image Creator (spec 001 §2, §4, §5): the form, the progress of the running
// job, the result with view and download, and Recent Images. History and New Image in the header.
// Another page can hand it a prompt, model and ratio (utils/image-prefill.ts), even to start at once.
import { DEFAULT_IMAGE_ASPECT_RATIO } from "@tessera/contracts";
import { History, Plus } from "lucide-react";
import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { errorMessage } from "@/lib/api-client";
import { useDocumentTitle } from "@/lib/use-document-title";
import { useImageModels } from "../api/get-image-models";
import { useImageGeneration } from "../hooks/use-image-generation";
import { modelNameOf } from "../utils/format-image";
import { clearImagePrefill, readImagePrefill, type ImagePrefill } from "../utils/image-prefill";
import { GenerationProgress } from "./generation-progress";
import { ImageForm, type ImageFormValues } from "./image-form";
import { ImageResult } from "./image-result";
import { RecentImages } from "./recent-images";

const initialValues = (prefill: ImagePrefill): ImageFormValues => ({
  prompt: prefill.prompt ?? "",
  model: prefill.model ?? null,
  aspectRatio: prefill.aspectRatio ?? DEFAULT_IMAGE_ASPECT_RATIO,
});

export function ImagesPage() {
  const { t } = useTranslation("images");
  useDocumentTitle(t("creator.title"));
  const [prefill] = useState(readImagePrefill);
  const [values, setValues] = useState(() => initialValues(prefill));
  const models = useImageModels();
  const generation = useImageGeneration();
  const defaultModel = models.data?.defaultModel ?? null;

  useEffect(() => clearImagePrefill(), []);
  // The instance's default model once the list is known, unless one was handed over.
  useEffect(() => {
    if (defaultModel) setValues((v) => (v.model === null ? { ...v, model: defaultModel } : v));
  }, [defaultModel]);

  const { generate } = generation;
  const submit = useCallback(
    (v: ImageFormValues) => {
      if (v.model) void generate({ prompt: v.prompt, model: v.model, aspectRatio: v.aspectRatio });
    },
    [generate],
  );

  // prefill_image_auto = '1' starts at once, as soon as a model is settled.
  const autoStarted = useRef(false);
  useEffect(() => {
    if (!prefill.autoStart || autoStarted.current || values.model === null) return;
    autoStarted.current = true;
    submit(values);
  }, [prefill.autoStart, values, submit]);

  const newImage = () => {
    generation.reset();
    setValues({ prompt: "", model: defaultModel, aspectRatio: DEFAULT_IMAGE_ASPECT_RATIO });
  };
  const modelName = (id: string | null) => modelNameOf(models.data?.models ?? [], id, t);
  const showProgress = generation.running || generation.progress > 0;

  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-8 sm:px-8 sm:py-10">
      <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="flex flex-col gap-2">
          <h1 className="text-3xl font-semibold tracking-tight">{t("creator.title")}</h1>
          <p className="text-muted-foreground">{t("creator.intro")}</p>
        </div>
        <div className="flex gap-2">
          <Button variant="outline" asChild>
            <Link to="/dashboard/image-history">
              <History aria-hidden="true" />
              {t("creator.history")}
            </Link>
          </Button>
          <Button variant="secondary" onClick={newImage}>
            <Plus aria-hidden="true" />
            {t("newImage")}
          </Button>
        </div>
      </header>

      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <div className="flex min-w-0 flex-col gap-6">
          <ImageForm
            values={values}
            onChange={setValues}
            models={models.data?.models ?? []}
            modelsLoading={models.isPending}
            modelsError={models.error ? errorMessage(models.error) : null}
            running={generation.running}
            onGenerate={() => submit(values)}
          />
          {showProgress ? (
            <GenerationProgress progress={generation.progress} statusText={generation.statusText} />
          ) : null}
          {generation.running ? null : <ImageResult image={generation.result} modelName={modelName} />}
        </div>
        <RecentImages onOpen={generation.show} />
      </div>
    </div>
  );
}
