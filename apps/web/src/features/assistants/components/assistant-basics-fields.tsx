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
  return (
    <div className="flex flex-col gap-4">
      <div className="flex gap-3">
        <FormRow label="Avatar" className="w-20 shrink-0">
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
        <FormRow label="Name" className="flex-1" limit={limits.name}>
          {({ id, hintId, invalid }) => (
            <Input
              id={id}
              aria-describedby={hintId}
              aria-invalid={invalid}
              required
              autoFocus
              autoComplete="off"
              placeholder="Support Sage"
              value={draft.name}
              onChange={(e) => onChange({ name: e.target.value })}
            />
          )}
        </FormRow>
      </div>
      <div role="group" aria-label="Suggested avatars" className="-mt-1 flex flex-wrap gap-1">
        {AVATARS.map((emoji) => (
          <button
            key={emoji}
            type="button"
            aria-label={`Use ${emoji} as avatar`}
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
      <FormRow label="Description" limit={limits.description}>
        {({ id, hintId, invalid }) => (
          <Input
            id={id}
            aria-describedby={hintId}
            aria-invalid={invalid}
            placeholder="Answers questions about our product from the handbook."
            value={draft.description}
            onChange={(e) => onChange({ description: e.target.value })}
          />
        )}
      </FormRow>
      <FormRow
        label="System prompt"
        hint="Who the assistant is and how it should behave, in your words."
        limit={limits.systemPrompt}
      >
        {({ id, hintId, invalid }) => (
          <Textarea
            id={id}
            required
            rows={4}
            aria-describedby={hintId}
            aria-invalid={invalid}
            placeholder="You are a patient support agent. Answer from the attached documents and say when they do not cover a question."
            value={draft.systemPrompt}
            onChange={(e) => onChange({ systemPrompt: e.target.value })}
          />
        )}
      </FormRow>
    </div>
  );
}
