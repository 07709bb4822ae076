import { GUIDE_MODEL_ID } from "@tessera/contracts";
import { ModelOptions } from "@/components/model-select";
import { Select, SelectContent, SelectTrigger, SelectValue } from "@/components/ui/select";
import { useModels } from "../api/get-models";

/** The welcome screen's dropdown of every model but the guide; unavailable ones show why. */
/** Mounted when the trigger drawn before it is pressed (specialized-models-select.tsx): it opens at once. */
export function SpecializedModelsListbox({ onSelect }: { onSelect: (id: string) => void }) {
  const { data, isPending } = useModels();
  return (
    <Select value="" onValueChange={onSelect} disabled={isPending} defaultOpen>
      <SelectTrigger aria-label="Specialized model" autoFocus>
        <SelectValue placeholder={isPending ? "Loading models…" : "Choose a model"} />
      </SelectTrigger>
      <SelectContent>
        <ModelOptions models={data} skip={GUIDE_MODEL_ID} />
      </SelectContent>
    </Select>
  );
}
