import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Spinner } from "@/components/ui/spinner";
import { Textarea } from "@/components/ui/textarea";
import { FormRow } from "./form-row";

/** Write or paste a new knowledge document (inside the assistant form, so no form of its own). */
export function DocumentEditor({
  busy,
  onSave,
  onCancel,
}: {
  busy: boolean;
  onSave: (title: string, content: string) => Promise<void>;
  onCancel: () => void;
}) {
  const { t } = useTranslation("assistants");
  const [title, setTitle] = useState("");
  const [content, setContent] = useState("");
  return (
    <div
      role="group"
      aria-label={t("editor.label")}
      className="flex flex-col gap-3 rounded-lg border bg-muted/30 p-3"
    >
      <FormRow label={t("editor.title")}>
        {({ id }) => <Input id={id} value={title} onChange={(e) => setTitle(e.target.value)} autoFocus />}
      </FormRow>
      <FormRow label={t("editor.text")}>
        {({ id }) => (
          <Textarea
            id={id}
            rows={5}
            value={content}
            onChange={(e) => setContent(e.target.value)}
            placeholder={t("editor.placeholder")}
          />
        )}
      </FormRow>
      <div className="flex justify-end gap-2">
        <Button variant="ghost" size="sm" onClick={onCancel} disabled={busy}>
          {t("editor.cancel")}
        </Button>
        <Button size="sm" disabled={busy} onClick={() => void onSave(title, content)}>
          {busy ? <Spinner /> : null}
          {t("editor.save")}
        </Button>
      </div>
    </div>
  );
}
