// A choice of catalogue model (GET /api/models as the caller's feature read it): usable models can be
// chosen, the others say why they cannot. `automatic` adds a first item that leaves the choice to
// the server, under the value AUTOMATIC_MODEL.
import { modelDisplayName, type ModelsResponse } from "@tessera/contracts";
import {
  Select,
  SelectContent,
  SelectGroup,
  SelectItem,
  SelectLabel,
  SelectTrigger,
  SelectValue,
} from "@/components/ui/select";
import { useTranslation } from "react-i18next";

export const AUTOMATIC_MODEL = "automatic";

export function ModelSelect({
  id,
  value,
  onChange,
  models,
  pending,
  automatic,
  describedBy,
  disabled = false,
  className,
}: {
  id: string;
  value: string;
  onChange: (model: string) => void;
  models: ModelsResponse | undefined;
  pending: boolean;
  automatic?: { label: string; hint: string };
  describedBy?: string;
  disabled?: boolean;
  className?: string;
}) {
  const { t } = useTranslation();
  const known =
    (automatic && value === AUTOMATIC_MODEL) ||
    (models?.groups.some((g) => g.models.some((m) => m.id === value)) ?? false);
  return (
    <Select value={value} onValueChange={onChange} disabled={disabled || (pending && !automatic)}>
      <SelectTrigger id={id} aria-describedby={describedBy} className={className}>
        <SelectValue placeholder={pending ? t("models.loading") : t("models.choose")} />
      </SelectTrigger>
      <SelectContent>
        {automatic ? (
          <SelectItem value={AUTOMATIC_MODEL} hint={automatic.hint}>
            {automatic.label}
          </SelectItem>
        ) : null}
        {/* A model the list does not hold (yet, or any more) still shows as the current choice. */}
        {!known && value ? (
          <SelectGroup>
            <SelectLabel>{t("models.current")}</SelectLabel>
            <SelectItem value={value}>{modelDisplayName(value)}</SelectItem>
          </SelectGroup>
        ) : null}
        <ModelOptions models={models} />
      </SelectContent>
    </Select>
  );
}

/** Each group's models as select items; an unavailable one is disabled and says why. */
export function ModelOptions({
  models,
  skip,
}: {
  models: ModelsResponse | undefined;
  /** A model not to offer here. */
  skip?: string;
}) {
  return models?.groups.map((group) => (
    <SelectGroup key={group.id}>
      <SelectLabel>{group.title}</SelectLabel>
      {group.models
        .filter((model) => model.id !== skip)
        .map((model) => (
          <SelectItem
            key={`${group.id}:${model.id}`}
            value={model.id}
            disabled={!model.available}
            hint={model.available ? model.description : model.unavailableReason}
          >
            {model.name}
          </SelectItem>
        ))}
    </SelectGroup>
  ));
}
