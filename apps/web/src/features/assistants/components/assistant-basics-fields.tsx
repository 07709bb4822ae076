import { useTranslation } from "react-i18next";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { cn } from "@/lib/utils";
import type { AssistantDraft } from "../utils/assistant-draft";
import type { AssistantLimits } from "./assistant-form";
import { FormRow } from "./form-row";

type Patch = (patch: Partial<AssistantDraft>) => void;

const AVATARS = ["🤖", "💡", "📚", "🧑‍💻", "✍️", "📊", "🎨", "🧭", "🩺", "⚖️"];

/** Who the assistant is: its face, name, what it is for, and the prompt that makes it so. */
export function AssistantBasicsFields({
  draft,
  limits,
  onChange,
}: {
  draft: AssistantDraft;
  limits: AssistantLimits;
  onChange: Patch;
}) {
  const { t } = useTranslation("assistants");
  return (
    <div className="flex flex-col gap-4">
      <div className="flex gap-3">
        <FormRow label={t("basics.avatar")} className="w-20 shrink-0">
          {({ id }) => (
            <Input
              id={id}
              value={draft.avatar}
              onChange={(e) => onChange({ avatar: e.target.value })}
              className="text-center text-xl"
              autoComplete="off"
            />
          )}
        </FormRow>
        <FormRow label={t("basics.name")} className="flex-1" limit={limits.name}>
          {({ id, hintId, invalid }) => (
            <Input
              id={id}
              aria-describedby={hintId}
              aria-invalid={invalid}
              required
              autoFocus
              autoComplete="off"
              placeholder={t("basics.namePlaceholder")}
              value={draft.name}
              onChange={(e) => onChange({ name: e.target.value })}
            />
          )}
        </FormRow>
      </div>
      <div role="group" aria-label={t("basics.suggestedAvatars")} className="-mt-1 flex flex-wrap gap-1">
        {AVATARS.map((emoji) => (
          <button
            key={emoji}
            type="button"
            aria-label={t("basics.useAvatar", { emoji })}
            aria-pressed={draft.avatar === emoji}
            onClick={() => onChange({ avatar: emoji })}
            className={cn(
              "flex size-8 items-center justify-center rounded-md text-lg transition outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/40",
              draft.avatar === emoji && "bg-accent ring-1 ring-primary/40",
            )}
          >
            {emoji}
          </button>
        ))}
      </div>
      <FormRow label={t("basics.description")} limit={limits.description}>
        {({ id, hintId, invalid }) => (
          <Input
            id={id}
            aria-describedby={hintId}
            aria-invalid={invalid}
            placeholder={t("basics.descriptionPlaceholder")}
            value={draft.description}
            onChange={(e) => onChange({ description: e.target.value })}
          />
        )}
      </FormRow>
      <FormRow
        label={t("basics.systemPrompt")}
        hint={t("basics.systemPromptHint")}
        limit={limits.systemPrompt}
      >
        {({ id, hintId, invalid }) => (
          <Textarea
            id={id}
            required
            rows={4}
            aria-describedby={hintId}
            aria-invalid={invalid}
            placeholder={t("basics.systemPromptPlaceholder")}
            value={draft.systemPrompt}
            onChange={(e) => onChange({ systemPrompt: e.target.value })}
          />
        )}
      </FormRow>
    </div>
  );
}
