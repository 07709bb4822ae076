// The options a connection's kind takes: the models a server serves unlisted (or an image server
// draws), the model speech and transcription use, the sender of mail.
import type { ConnectionKind } from "@tessera/contracts";
import { useTranslation } from "react-i18next";
import { FormField } from "@/components/ui/form-field";

interface Values {
  models: string;
  model: string;
  from: string;
}

export function OptionFields({
  kind,
  values,
  onChange,
}: {
  kind: ConnectionKind;
  values: Values;
  onChange: (patch: Partial<Values>) => void;
}) {
  const { t } = useTranslation("admin");
  return (
    <>
      {kind === "openai-compatible" || kind === "openai-images" ? (
        <FormField
          label={kind === "openai-images" ? t("form.modelsDrawn") : t("form.moreModels")}
          value={values.models}
          dir="ltr"
          onChange={(e) => onChange({ models: e.target.value })}
          placeholder={kind === "openai-images" ? t("placeholders.imageModels") : t("placeholders.models")}
          hint={kind === "openai-images" ? t("form.modelsDrawnHint") : t("form.moreModelsHint")}
        />
      ) : null}
      {kind === "openai-speech" || kind === "openai-transcription" ? (
        <FormField
          label={t("form.model")}
          value={values.model}
          dir="ltr"
          onChange={(e) => onChange({ model: e.target.value })}
          placeholder={
            kind === "openai-speech" ? t("placeholders.speechModel") : t("placeholders.transcriptionModel")
          }
        />
      ) : null}
      {kind === "smtp" ? (
        <FormField
          label={t("form.sender")}
          value={values.from}
          dir="ltr"
          onChange={(e) => onChange({ from: e.target.value })}
          placeholder={t("placeholders.sender")}
          hint={t("form.senderHint")}
        />
      ) : null}
    </>
  );
}
