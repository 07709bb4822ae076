import { MAX_COMPARED_MODELS, type ModelAvailability } from "@tessera/contracts";
import { Check } from "lucide-react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { cn } from "@/lib/utils";

/** Spec §2: a checkbox per model (available ones only, at most twelve); four can be chosen. */
export function ModelChecklist({
  models,
  selected,
  onToggle,
  disabled,
}: {
  models: ModelAvailability[];
  selected: string[];
  onToggle: (modelId: string) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation("compare");
  const id = useId();
  return (
    <fieldset className="flex min-w-0 flex-col gap-2" disabled={disabled}>
      <legend className="mb-2 flex w-full items-baseline justify-between gap-2 text-sm font-medium">
        {t("models.legend")}
        <span className="text-xs font-normal text-muted-foreground" aria-live="polite">
          {t("models.selected", { count: selected.length, max: MAX_COMPARED_MODELS })}
        </span>
      </legend>
      <div className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
        {models.map((model, index) => {
          const checked = selected.includes(model.id);
          const descriptionId = `${id}-${index}`;
          return (
            <label
              key={model.id}
              className={cn(
                "group relative flex cursor-pointer items-start gap-2.5 rounded-lg border bg-card px-3 py-2.5 transition outline-none has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/40 hover:bg-accent/50",
                checked && "border-primary/50 bg-primary/5 ring-1 ring-primary/20",
                disabled && "cursor-not-allowed opacity-70",
              )}
            >
              <span className="relative mt-0.5 flex size-4 shrink-0">
                <input
                  type="checkbox"
                  className="peer size-4 cursor-pointer appearance-none rounded-[5px] border border-input bg-background transition outline-none checked:border-primary checked:bg-primary disabled:cursor-not-allowed"
                  checked={checked}
                  aria-label={model.name}
                  aria-describedby={descriptionId}
                  onChange={() => onToggle(model.id)}
                />
                <Check
                  aria-hidden="true"
                  strokeWidth={3}
                  className="pointer-events-none absolute inset-0 m-auto size-3 text-primary-foreground opacity-0 peer-checked:opacity-100"
                />
              </span>
              <span className="flex min-w-0 flex-col">
                <span className="truncate text-sm font-medium">{model.name}</span>
                <span id={descriptionId} className="line-clamp-1 text-xs text-muted-foreground">
                  {model.description}
                </span>
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
