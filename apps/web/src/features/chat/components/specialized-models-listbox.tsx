import { GUIDE_MODEL_ID } from "@tessera/contracts";
import { ModelOptions } from "@/components/model-select";
import { Select, SelectContent, SelectTrigger, SelectValue } from "@/components/ui/select";
import { useModels } from "../api/get-models";
import { useTranslation } from "react-i18next";

/** The welcome screen's dropdown of every model but the guide; unavailable ones show why. */
/** Mounted when the trigger drawn before it is pressed (specialized-models-select.tsx): it opens at once. */
export function SpecializedModelsListbox({ onSelect }: { onSelect: (id: string) => void }) {
  const { t } = useTranslation("chat");
  const { data, isPending } = useModels();
  return (
    <Select value="" onValueChange={onSelect} disabled={isPending} defaultOpen>
      <SelectTrigger aria-label={t("welcome.specialized.select")} autoFocus>
        <SelectValue
          placeholder={isPending ? t("welcome.specialized.loading") : t("welcome.specialized.choose")}
        />
      </SelectTrigger>
      <SelectContent>
        <ModelOptions models={data} skip={GUIDE_MODEL_ID} />
      </SelectContent>
    </Select>
  );
}
