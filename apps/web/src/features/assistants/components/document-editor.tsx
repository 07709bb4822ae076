import { useState } from "react";
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
  const [title, setTitle] = useState("");
  const [content, setContent] = useState("");
  return (
    <div
      role="group"
      aria-label="New document"
      className="flex flex-col gap-3 rounded-lg border bg-muted/30 p-3"
    >
      <FormRow label="Document title">
        {({ id }) => <Input id={id} value={title} onChange={(e) => setTitle(e.target.value)} autoFocus />}
      </FormRow>
      <FormRow label="Document text">
        {({ id }) => (
          <Textarea
            id={id}
            rows={5}
            value={content}
            onChange={(e) => setContent(e.target.value)}
            placeholder="Paste notes, a policy, a product sheet…"
          />
        )}
      </FormRow>
      <div className="flex justify-end gap-2">
        <Button variant="ghost" size="sm" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button size="sm" disabled={busy} onClick={() => void onSave(title, content)}>
          {busy ? <Spinner /> : null}
          Save document
        </Button>
      </div>
    </div>
  );
}
