// The Image Creator's form (spec 001 §2): prompt, Model (unavailable models say what enables them),
// Aspect Ratio and Generate Image. Ctrl/⌘+Enter generates from the prompt.
import {
  IMAGE_ASPECT_RATIOS,
  IMAGE_PROMPT_MAX_CHARS,
  PROCEDURAL_IMAGE_MODEL_ID,
  type ImageAspectRatio,
  type ImageModel,
} from "@tessera/contracts";
import { Sparkles } from "lucide-react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Spinner } from "@/components/ui/spinner";
import { Textarea } from "@/components/ui/textarea";
import { useCatalogueTexts } from "@/lib/catalogue-texts";
import { typicalTime } from "../utils/format-image";
import { ImageQuota } from "./image-quota";

export interface ImageFormValues {
  prompt: string;
  model: string | null;
  aspectRatio: ImageAspectRatio;
}

export function ImageForm({
  values,
  onChange,
  models,
  modelsLoading,
  modelsError,
  running,
  onGenerate,
}: {
  values: ImageFormValues;
  onChange: (values: ImageFormValues) => void;
  models: ImageModel[];
  modelsLoading: boolean;
  /** Why the model list could not be read, if it could not. */
  modelsError: string | null;
  running: boolean;
  onGenerate: () => void;
}) {
  const { t } = useTranslation("images");
  const texts = useCatalogueTexts();
  const id = useId();
  const selected = models.find((m) => m.id === values.model);
  const set = (patch: Partial<ImageFormValues>) => onChange({ ...values, ...patch });
  return (
    <Card>
      <CardContent className="flex flex-col gap-5 pt-6">
        <form
          className="flex flex-col gap-5"
          onSubmit={(e) => {
            e.preventDefault();
            onGenerate();
          }}
        >
          <div className="flex flex-col gap-2">
            <div className="flex items-baseline justify-between gap-2">
              <Label htmlFor={`${id}-prompt`}>{t("form.prompt")}</Label>
              <span className="text-xs text-muted-foreground tabular-nums">
                {t("form.count", { count: values.prompt.length, max: IMAGE_PROMPT_MAX_CHARS })}
              </span>
            </div>
            <Textarea
              id={`${id}-prompt`}
              value={values.prompt}
              maxLength={IMAGE_PROMPT_MAX_CHARS}
              placeholder={t("form.promptPlaceholder")}
              rows={4}
              onChange={(e) => set({ prompt: e.target.value })}
              onKeyDown={(e) => {
                if (e.key === "Enter" && (e.metaKey || e.ctrlKey)) {
                  e.preventDefault();
                  if (!running) onGenerate();
                }
              }}
            />
          </div>

          <div className="grid gap-4 sm:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
            <div className="flex min-w-0 flex-col gap-2">
              <Label htmlFor={`${id}-model`}>{t("form.model")}</Label>
              <Select
                value={values.model ?? ""}
                onValueChange={(model) => set({ model })}
                disabled={modelsLoading}
              >
                <SelectTrigger id={`${id}-model`} aria-describedby={`${id}-model-note`}>
                  <SelectValue
                    placeholder={modelsLoading ? t("form.loadingModels") : t("form.chooseModel")}
                  />
                </SelectTrigger>
                <SelectContent>
                  {models.map((model) => (
                    <SelectItem
                      key={model.id}
                      value={model.id}
                      disabled={!model.available}
                      hint={
                        model.available
                          ? `${texts.modelDescription(model)} ${typicalTime(model.typicalSeconds, t)}.`
                          : texts.unavailableReason({ ...model, requiredPlan: null })
                      }
                    >
                      {model.name}
                    </SelectItem>
                  ))}
                  {values.model && !selected && !modelsLoading ? (
                    <SelectItem value={values.model} disabled hint={t("form.notOffered")}>
                      {values.model}
                    </SelectItem>
                  ) : null}
                </SelectContent>
              </Select>
            </div>
            <div className="flex min-w-0 flex-col gap-2">
              <Label htmlFor={`${id}-ratio`}>{t("form.aspectRatio")}</Label>
              <Select
                value={values.aspectRatio}
                onValueChange={(aspectRatio) => set({ aspectRatio: aspectRatio as ImageAspectRatio })}
              >
                <SelectTrigger id={`${id}-ratio`}>
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {IMAGE_ASPECT_RATIOS.map((ratio) => (
                    <SelectItem key={ratio} value={ratio}>
                      {ratio} · {t(`ratio.${ratio.replace(":", "x")}`)}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </div>
          </div>

          {modelsError ? (
            <p role="alert" className="-mt-2 text-sm text-destructive">
              {t("form.modelsFailed", { reason: modelsError })}
            </p>
          ) : (
            <ModelNote id={`${id}-model-note`} model={selected} />
          )}

          <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
            <ImageQuota />
            <Button type="submit" disabled={running || !values.model} className="sm:min-w-44">
              {running ? <Spinner /> : <Sparkles aria-hidden="true" />}
              {running ? t("generating") : t("form.generate")}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

/** What the chosen model is: why it cannot run here, or that the procedural one draws no picture. */
function ModelNote({ id, model }: { id: string; model: ImageModel | undefined }) {
  const { t } = useTranslation("images");
  if (model && !model.available)
    return (
      <p id={id} role="note" className="-mt-2 text-sm text-destructive">
        {t("form.unavailable", { name: model.name })} {model.unavailableReason}
      </p>
    );
  if (model?.id === PROCEDURAL_IMAGE_MODEL_ID)
    return (
      <p id={id} role="note" className="-mt-2 text-sm text-muted-foreground">
        {t("form.sketchNote")}
      </p>
    );
  return <span id={id} hidden />;
}
