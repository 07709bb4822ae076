import { ModelSelect } from "@/components/model-select";
import { Input } from "@/components/ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { useModels } from "@/lib/models-query";
import {
  capitalize,
  LANGUAGES,
  MAX_TOKENS_MAX,
  PERSONALITIES,
  RESPONSE_STYLES,
  TEMPERATURE_MAX,
  TEMPERATURE_MIN,
  type AssistantDraft,
} from "../utils/assistant-draft";
import { FormRow } from "./form-row";

type Patch = (patch: Partial<AssistantDraft>) => void;

/** Model and sampling: how the assistant answers. */
export function AssistantSettingsFields({ draft, onChange }: { draft: AssistantDraft; onChange: Patch }) {
  const models = useModels();
  const languages = LANGUAGES.some((l) => l.code === draft.language)
    ? LANGUAGES
    : [{ code: draft.language, name: draft.language }, ...LANGUAGES];
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <FormRow
        label="Model"
        className="sm:col-span-2"
        hint="Models that need a provider key show why they cannot be chosen yet."
      >
        {({ id, hintId }) => (
          <ModelSelect
            id={id}
            describedBy={hintId}
            value={draft.model}
            onChange={(model) => onChange({ model })}
            models={models.data}
            pending={models.isPending}
          />
        )}
      </FormRow>
      <FormRow
        label="Temperature"
        hint="Lower is focused and repeatable, higher is more varied."
        aside={
          <output className="text-sm text-muted-foreground tabular-nums">
            {draft.temperature.toFixed(1)}
          </output>
        }
      >
        {({ id, hintId }) => (
          <input
            id={id}
            type="range"
            min={TEMPERATURE_MIN}
            max={TEMPERATURE_MAX}
            step={0.1}
            aria-describedby={hintId}
            value={draft.temperature}
            onChange={(e) => onChange({ temperature: Math.round(Number(e.target.value) * 10) / 10 })}
            className="h-10 w-full cursor-pointer accent-primary"
          />
        )}
      </FormRow>
      <FormRow label="Max tokens" hint="The longest answer it may give.">
        {({ id, hintId }) => (
          <Input
            id={id}
            type="number"
            inputMode="numeric"
            min={1}
            max={MAX_TOKENS_MAX}
            step={1}
            aria-describedby={hintId}
            value={draft.maxTokens}
            onChange={(e) => onChange({ maxTokens: e.target.value })}
          />
        )}
      </FormRow>
      <FormRow label="Personality">
        {({ id }) => (
          <Select
            value={draft.personality}
            onValueChange={(v) => onChange({ personality: v as AssistantDraft["personality"] })}
          >
            <SelectTrigger id={id}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {PERSONALITIES.map((p) => (
                <SelectItem key={p} value={p}>
                  {capitalize(p)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        )}
      </FormRow>
      <FormRow label="Response style">
        {({ id }) => (
          <Select
            value={draft.responseStyle}
            onValueChange={(v) => onChange({ responseStyle: v as AssistantDraft["responseStyle"] })}
          >
            <SelectTrigger id={id}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {RESPONSE_STYLES.map((s) => (
                <SelectItem key={s} value={s}>
                  {capitalize(s)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        )}
      </FormRow>
      <FormRow label="Language" className="sm:col-span-2">
        {({ id }) => (
          <Select value={draft.language} onValueChange={(language) => onChange({ language })}>
            <SelectTrigger id={id}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {languages.map((l) => (
                <SelectItem key={l.code} value={l.code}>
                  {l.name}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        )}
      </FormRow>
    </div>
  );
}
