import { fillPlaceholders, promptPlaceholders, type PromptTemplate } from "@tessera/contracts";
import { useId, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { FormError } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { useCatalogueTexts } from "@/lib/catalogue-texts";
import { Spinner } from "@/components/ui/spinner";
import { Textarea } from "@/components/ui/textarea";
import { PromptText } from "./prompt-text";
import { ViewHeading } from "./view-heading";

/** A placeholder alone on its line (a block of code or data) gets a text area; others one line. */
function standsAlone(content: string, name: string): boolean {
  return content
    .split("\n")
    .some(
      (line) =>
        promptPlaceholders(line).includes(name) && fillPlaceholders(line, { [name]: "" }).trim() === "",
    );
}

interface PlaceholderFormProps {
  prompt: PromptTemplate;
  busy: boolean;
  onBack: () => void;
  /** Receives the prompt's text with every value filled in. */
  onSubmit: (text: string) => void;
}

/** Asks a value for each {{placeholder}} of a prompt before it is used. */
export function PlaceholderForm({ prompt, busy, onBack, onSubmit }: PlaceholderFormProps) {
  const { t } = useTranslation("prompts");
  const texts = useCatalogueTexts();
  const names = promptPlaceholders(prompt.content);
  // The template keeps its variable's name; a built-in prompt's is asked for in the reader's words.
  const label = (name: string) => texts.promptField(prompt, name);
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(names.map((name) => [name, ""])),
  );
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const filled = Object.fromEntries(Object.entries(values).filter(([, value]) => value.trim()));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const missing = names.filter((name) => !values[name]?.trim());
    if (missing.length > 0) return setError(t("fill.missing", { names: missing.map(label) }));
    onSubmit(fillPlaceholders(prompt.content, values));
  };

  return (
    <form onSubmit={submit} noValidate className="flex min-h-0 flex-1 flex-col">
      <div className="scroll-area flex min-h-0 flex-1 flex-col gap-4 overflow-y-auto px-4 pb-4 sm:px-6">
        <ViewHeading onBack={onBack} title={prompt.title}>
          {t("fill.intro", { count: names.length })}
        </ViewHeading>
        <FormError message={error} />
        {names.map((name, i) => {
          const fieldId = `${id}-${i}`;
          const common = {
            id: fieldId,
            name,
            required: true,
            autoFocus: i === 0,
            value: values[name] ?? "",
            "aria-invalid": error !== null && !values[name]?.trim() ? true : undefined,
            onChange: (event: { target: { value: string } }) =>
              setValues((v) => ({ ...v, [name]: event.target.value })),
          };
          return (
            <div key={name} className="flex flex-col gap-2">
              <Label htmlFor={fieldId}>{label(name)}</Label>
              {standsAlone(prompt.content, name) ? (
                <Textarea rows={4} className="font-mono text-xs" {...common} />
              ) : (
                <Input {...common} />
              )}
            </div>
          );
        })}
        <section aria-label={t("fill.preview")} className="flex flex-col gap-1.5">
          <h4 className="text-xs font-medium text-muted-foreground">{t("fill.preview")}</h4>
          <PromptText
            content={fillPlaceholders(prompt.content, filled)}
            className="max-h-48 overflow-y-auto rounded-lg border bg-muted/50 px-3 py-2 text-sm"
          />
        </section>
        {/* Right under the form, not at the dialog's foot, where toasts would cover it. */}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onBack} disabled={busy}>
            {t("cancel")}
          </Button>
          <Button type="submit" disabled={busy}>
            {busy ? <Spinner /> : null}
            {t("usePrompt")}
          </Button>
        </div>
      </div>
    </form>
  );
}
