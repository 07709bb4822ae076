import {
  Select,
  SelectContent,
  SelectGroup,
  SelectItem,
  SelectLabel,
  SelectTrigger,
  SelectValue,
} from "@/components/ui/select";
import { useModels } from "../api/get-models";

/** The model an assistant answers with: usable ones can be chosen, the others say why they cannot. */
export function ModelSelect({
  id,
  value,
  onChange,
  describedBy,
}: {
  id: string;
  value: string;
  onChange: (model: string) => void;
  describedBy?: string;
}) {
  const { data, isPending } = useModels();
  const known = data?.groups.some((g) => g.models.some((m) => m.id === value)) ?? false;
  return (
    <Select value={value} onValueChange={onChange} disabled={isPending}>
      <SelectTrigger id={id} aria-describedby={describedBy}>
        <SelectValue placeholder={isPending ? "Loading models…" : "Choose a model"} />
      </SelectTrigger>
      <SelectContent>
        {/* A model the catalogue no longer lists still shows as the current choice. */}
        {!known && value ? (
          <SelectGroup>
            <SelectLabel>Current</SelectLabel>
            <SelectItem value={value}>{value}</SelectItem>
          </SelectGroup>
        ) : null}
        {data?.groups.map((group) => (
          <SelectGroup key={group.id}>
            <SelectLabel>{group.title}</SelectLabel>
            {group.models.map((model) => (
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
        ))}
      </SelectContent>
    </Select>
  );
}
