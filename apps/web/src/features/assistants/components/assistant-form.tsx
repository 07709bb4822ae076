import { ASSISTANT_LIMITS, GUIDE_MODEL_ID, type Assistant } from "@tessera/contracts";
import { useState, type FormEvent, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "@/lib/toast";
import { FormError } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Label } from "@/components/ui/label";
import { focusFirstTooLong, useTextLimits, type LengthLimit } from "@/components/ui/length-limit";
import { Spinner } from "@/components/ui/spinner";
import { Textarea } from "@/components/ui/textarea";
import { errorMessage } from "@/lib/api-client";
import { useModels } from "@/lib/models-query";
import { useCreateAssistant } from "../api/create-assistant";
import { useUpdateAssistant } from "../api/update-assistant";
import { draftOf, inputOf, newDraft, type AssistantDraft } from "../utils/assistant-draft";
import { AssistantBasicsFields } from "./assistant-basics-fields";
import { AssistantSettingsFields } from "./assistant-settings-fields";
import { AssistantToolsField } from "./assistant-tools-field";
import { FormRow } from "./form-row";
import { KnowledgeCollectionsField } from "./knowledge-collections-field";
import { KnowledgeDocuments } from "./knowledge-documents";
import { WebsitesField } from "./websites-field";

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="flex min-w-0 flex-col gap-4">
      <legend className="mb-3 text-xs font-semibold tracking-wider text-muted-foreground uppercase">
        {title}
      </legend>
      {children}
    </fieldset>
  );
}

export type AssistantLimits = Record<keyof typeof ASSISTANT_LIMITS, LengthLimit>;

/** A new assistant answers with the guide when it can, else with the first model that is usable. */
function useDefaultModel(): string {
  const { data } = useModels();
  const usable = data?.groups.flatMap((g) => g.models).filter((m) => m.available) ?? [];
  return (usable.find((m) => m.id === GUIDE_MODEL_ID) ?? usable[0])?.id ?? GUIDE_MODEL_ID;
}

export function AssistantForm({
  assistant,
  onCancel,
  onSaved,
}: {
  assistant: Assistant | null;
  onCancel: () => void;
  onSaved: (assistant: Assistant, created: boolean) => void;
}) {
  const { t } = useTranslation("assistants");
  const defaultModel = useDefaultModel();
  const [edited, setDraft] = useState<AssistantDraft>(() => (assistant ? draftOf(assistant) : newDraft("")));
  const draft = { ...edited, model: edited.model || defaultModel };
  const create = useCreateAssistant();
  const update = useUpdateAssistant();
  const [error, setError] = useState<string | null>(null);
  const busy = create.isPending || update.isPending;
  const patch = (next: Partial<AssistantDraft>) => setDraft((d) => ({ ...d, ...next }));
  const { limits, tooLong } = useTextLimits(draft, ASSISTANT_LIMITS);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (tooLong) return focusFirstTooLong(event.currentTarget);
    setError(null);
    const input = inputOf(draft);
    const handlers = {
      onSuccess: (saved: Assistant) => {
        toast.success(assistant ? t("form.saved") : t("form.created"), { description: saved.name });
        onSaved(saved, !assistant);
      },
      onError: (err: Error) => setError(errorMessage(err)),
    };
    if (assistant) update.mutate({ id: assistant.id, input }, handlers);
    else create.mutate(input, handlers);
  };

  return (
    // The server checks every field and its message is shown in the form (noValidate: no browser bubbles).
    <form onSubmit={submit} noValidate className="flex min-h-0 flex-1 flex-col" aria-busy={busy}>
      <DialogHeader className="border-b px-5 py-4 sm:px-6">
        <DialogTitle>
          {assistant ? t("form.editTitle", { name: assistant.name }) : t("form.newTitle")}
        </DialogTitle>
        <DialogDescription>{t("form.intro")}</DialogDescription>
      </DialogHeader>
      <div className="scroll-area flex min-h-0 flex-1 flex-col gap-7 overflow-y-auto px-5 py-5 sm:px-6">
        <Section title={t("form.sections.basics")}>
          <AssistantBasicsFields draft={draft} limits={limits} onChange={patch} />
        </Section>
        <Section title={t("form.sections.model")}>
          <AssistantSettingsFields draft={draft} onChange={patch} />
        </Section>
        <Section title={t("form.sections.knowledge")}>
          <FormRow
            label={t("form.instructions")}
            hint={t("form.instructionsHint")}
            limit={limits.instructions}
          >
            {({ id, hintId, invalid }) => (
              <Textarea
                id={id}
                rows={3}
                aria-describedby={hintId}
                aria-invalid={invalid}
                value={draft.instructions}
                onChange={(e) => patch({ instructions: e.target.value })}
              />
            )}
          </FormRow>
          <div className="flex flex-col gap-2">
            <p className="text-sm font-medium">{t("form.documents")}</p>
            <KnowledgeDocuments
              ids={draft.documents}
              onAttach={(id) =>
                setDraft((d) => (d.documents.includes(id) ? d : { ...d, documents: [...d.documents, id] }))
              }
              onRemove={(id) => setDraft((d) => ({ ...d, documents: d.documents.filter((x) => x !== id) }))}
            />
          </div>
          <KnowledgeCollectionsField
            ids={draft.collections}
            onChange={(collections) => patch({ collections })}
          />
          <div className="flex flex-col gap-2">
            <p className="text-sm font-medium">{t("form.websites")}</p>
            <p id="assistant-websites-hint" className="-mt-1 text-xs text-muted-foreground">
              {t("form.websitesHint")}
            </p>
            <WebsitesField
              websites={draft.websites}
              describedBy="assistant-websites-hint"
              onChange={(websites) => patch({ websites })}
            />
          </div>
        </Section>
        <Section title={t("form.sections.tools")}>
          <p className="-mt-2 text-xs text-muted-foreground">{t("form.toolsHint")}</p>
          <AssistantToolsField tools={draft.tools} onChange={(tools) => patch({ tools })} />
        </Section>
        <Section title={t("form.sections.sharing")}>
          <div className="flex items-start gap-3 rounded-lg border p-3">
            <input
              id="assistant-public"
              type="checkbox"
              aria-describedby="assistant-public-hint"
              checked={draft.isPublic}
              onChange={(e) => patch({ isPublic: e.target.checked })}
              className="mt-0.5 size-4 shrink-0 cursor-pointer accent-primary"
            />
            <div className="flex flex-col gap-1">
              <Label htmlFor="assistant-public">{t("form.public")}</Label>
              <p id="assistant-public-hint" className="text-xs text-muted-foreground">
                {t("form.publicHint")}
              </p>
            </div>
          </div>
        </Section>
      </div>
      <div className="flex flex-col gap-3 border-t px-5 py-4 sm:px-6">
        <FormError message={error} />
        <DialogFooter>
          <Button variant="outline" onClick={onCancel} disabled={busy}>
            {t("form.cancel")}
          </Button>
          <Button type="submit" disabled={busy}>
            {busy ? <Spinner /> : null}
            {assistant ? t("form.save") : t("form.create")}
          </Button>
        </DialogFooter>
      </div>
    </form>
  );
}
