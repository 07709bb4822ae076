import {
  PROMPT_CATEGORIES,
  PROMPT_CONTENT_MAX,
  PROMPT_DESCRIPTION_MAX,
  PROMPT_TITLE_MAX,
  promptPlaceholders,
  type PromptCategory,
  type PromptTemplate,
} from "@tessera/contracts";
import { Switch as SwitchPrimitive } from "radix-ui";
import { useId, useState, type FormEvent } from "react";
import { Trans, useTranslation } from "react-i18next";
import { toast } from "@/lib/toast";
import { FormError } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Label } from "@/components/ui/label";
import { focusFirstTooLong, lengthFieldProps, LengthNote, useTextLimits } from "@/components/ui/length-limit";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Spinner } from "@/components/ui/spinner";
import { Textarea } from "@/components/ui/textarea";
import { errorMessage } from "@/lib/api-client";
import { useCreatePrompt } from "../api/create-prompt";
import { useUpdatePrompt } from "../api/update-prompt";
import { parseTags } from "../utils/parse-tags";
import { ViewHeading } from "./view-heading";

const LIMITS = { title: PROMPT_TITLE_MAX, description: PROMPT_DESCRIPTION_MAX, content: PROMPT_CONTENT_MAX };

interface PromptFormProps {
  /** The prompt being edited; null writes a new one. */
  prompt: PromptTemplate | null;
  /** A new prompt starts in the tab the person was looking at. */
  defaultCategory: PromptCategory;
  onDone: () => void;
}

/** Writes a personal prompt or changes one's own. The server decides what is valid and says why. */
export function PromptForm({ prompt, defaultCategory, onDone }: PromptFormProps) {
  const { t } = useTranslation("prompts");
  const [title, setTitle] = useState(prompt?.title ?? "");
  const [description, setDescription] = useState(prompt?.description ?? "");
  const [content, setContent] = useState(prompt?.content ?? "");
  const [category, setCategory] = useState<PromptCategory>(prompt?.category ?? defaultCategory);
  const [tags, setTags] = useState(prompt?.tags.join(", ") ?? "");
  const [isPublic, setIsPublic] = useState(prompt?.isPublic ?? false);
  const create = useCreatePrompt();
  const update = useUpdatePrompt();
  const saving = create.isPending || update.isPending;
  const error = prompt ? update.error : create.error;
  const id = useId();
  const asks = promptPlaceholders(content);
  const { limits, tooLong } = useTextLimits({ title, description, content }, LIMITS);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (tooLong) return focusFirstTooLong(event.currentTarget);
    const input = { title, description, content, category, tags: parseTags(tags), isPublic };
    const done = () => {
      toast.success(prompt ? t("form.saved") : t("form.created"));
      onDone();
    };
    if (prompt) update.mutate({ id: prompt.id, changes: input }, { onSuccess: done });
    else create.mutate(input, { onSuccess: done });
  };

  return (
    <form onSubmit={submit} className="flex min-h-0 flex-1 flex-col">
      <div className="scroll-area flex min-h-0 flex-1 flex-col gap-4 overflow-y-auto px-4 pb-4 sm:px-6">
        <ViewHeading onBack={onDone} title={prompt ? t("form.editTitle") : t("form.newTitle")}>
          {prompt ? prompt.title : t("form.newIntro")}
        </ViewHeading>
        <FormError message={error ? errorMessage(error) : null} />
        <FormField
          label={t("form.title")}
          name="title"
          required
          autoFocus
          limit={limits.title}
          value={title}
          onChange={(e) => setTitle(e.target.value)}
        />
        <FormField
          label={t("form.description")}
          name="description"
          limit={limits.description}
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          placeholder={t("form.descriptionPlaceholder")}
        />
        <div className="flex flex-col gap-2">
          <Label htmlFor={`${id}-content`}>{t("form.content")}</Label>
          <Textarea
            id={`${id}-content`}
            name="content"
            required
            rows={6}
            value={content}
            onChange={(e) => setContent(e.target.value)}
            {...lengthFieldProps(limits.content, `${id}-content-hint`)}
            placeholder={t("form.contentPlaceholder", { example: "{{topic}}" })}
          />
          <p id={`${id}-content-hint`} className="text-xs text-muted-foreground">
            <Trans
              t={t}
              i18nKey="form.placeholderHint"
              values={{ example: "{{name}}" }}
              components={{ code: <code className="rounded bg-muted px-1 font-mono" /> }}
            />
            {asks.length > 0 ? ` ${t("form.asksFor", { names: asks })}` : null}
          </p>
          <LengthNote limit={limits.content} verb="save" />
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="flex flex-col gap-2">
            <Label htmlFor={`${id}-category`}>{t("form.category")}</Label>
            <Select value={category} onValueChange={(value) => setCategory(value as PromptCategory)}>
              <SelectTrigger id={`${id}-category`}>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {PROMPT_CATEGORIES.map((c) => (
                  <SelectItem key={c.id} value={c.id}>
                    {t(`categories.${c.id}`)}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          <FormField
            label={t("form.tags")}
            name="tags"
            value={tags}
            onChange={(e) => setTags(e.target.value)}
            placeholder={t("form.tagsPlaceholder")}
            hint={t("form.tagsHint")}
          />
        </div>
        <div className="flex items-start gap-3 rounded-lg border p-3">
          <SwitchPrimitive.Root
            id={`${id}-public`}
            checked={isPublic}
            onCheckedChange={setIsPublic}
            aria-describedby={`${id}-public-hint`}
            className="mt-0.5 inline-flex h-5 w-9 shrink-0 items-center rounded-full bg-input transition-colors outline-none focus-visible:ring-[3px] focus-visible:ring-ring/40 data-[state=checked]:bg-primary"
          >
            <SwitchPrimitive.Thumb className="pointer-events-none block size-4 translate-x-0.5 rounded-full bg-white shadow-sm transition-transform data-[state=checked]:translate-x-[1.125rem]" />
          </SwitchPrimitive.Root>
          <div className="flex flex-col gap-1">
            <Label htmlFor={`${id}-public`}>{t("origin.public")}</Label>
            <p id={`${id}-public-hint`} className="text-xs text-muted-foreground">
              {t("form.publicHint")}
            </p>
          </div>
        </div>
      </div>
      <div className="flex flex-col-reverse gap-2 border-t px-4 py-3 sm:flex-row sm:justify-end sm:px-6">
        <Button variant="outline" onClick={onDone} disabled={saving}>
          {t("cancel")}
        </Button>
        <Button type="submit" disabled={saving}>
          {saving ? <Spinner /> : null}
          {prompt ? t("form.save") : t("form.create")}
        </Button>
      </div>
    </form>
  );
}
