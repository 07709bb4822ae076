import { useTranslation } from "react-i18next";
import { ModelSelect } from "@/components/model-select";
import { Input } from "@/components/ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { useModels } from "@/lib/models-query";
import { activeLocale } from "@/lib/utils";
import {
  ANSWER_LANGUAGES,
  languageNamer,
  MAX_TOKENS_MAX,
  PERSONALITIES,
  RESPONSE_STYLES,
  TEMPERATURE_MAX,
  TEMPERATURE_MIN,
  type AssistantDraft,
} from "../utils/assistant-draft";
import { FormRow } from "./form-row";

type Patch = (patch: Partial<AssistantDraft>) => void;

/** 0.7 as "0.7", or "0,7" in German: always one decimal, as the slider steps. */
const formatTemperature = (value: number) =>
  value.toLocaleString(activeLocale(), { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** Model and sampling: how the assistant answers. */
export function AssistantSettingsFields({ draft, onChange }: { draft: AssistantDraft; onChange: Patch }) {
  const { t } = useTranslation("assistants");
  const models = useModels();
  const codes = ANSWER_LANGUAGES.includes(draft.language)
    ? ANSWER_LANGUAGES
    : [draft.language, ...ANSWER_LANGUAGES];
  const languageName = languageNamer(activeLocale());
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <FormRow label={t("settings.model")} className="sm:col-span-2" hint={t("settings.modelHint")}>
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
        label={t("settings.temperature")}
        hint={t("settings.temperatureHint")}
        aside={
          <output className="text-sm text-muted-foreground tabular-nums">
            {formatTemperature(draft.temperature)}
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
      <FormRow label={t("settings.maxTokens")} hint={t("settings.maxTokensHint")}>
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
      <FormRow label={t("settings.personality")}>
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
                  {t(`settings.personalities.${p}`)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        )}
      </FormRow>
      <FormRow label={t("settings.responseStyle")}>
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
                  {t(`settings.responseStyles.${s}`)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        )}
      </FormRow>
      <FormRow label={t("settings.language")} className="sm:col-span-2">
        {({ id }) => (
          <Select value={draft.language} onValueChange={(language) => onChange({ language })}>
            <SelectTrigger id={id}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {codes.map((code) => (
                <SelectItem key={code} value={code}>
                  {languageName(code)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        )}
      </FormRow>
    </div>
  );
}
