// The last question, edited in place: its words in a box, its attached files kept as they were. Send
// (or Enter) asks it anew in place of the old question and its answer; Cancel (or Escape) leaves both.
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Textarea } from "@/components/ui/textarea";
import { activeLocale } from "@/lib/utils";
import { composeMessage, splitAttachments } from "../utils/chat-message";
import { useTranslation } from "react-i18next";

const formatList = (names: string[]) =>
  new Intl.ListFormat(activeLocale(), { style: "short", type: "unit" }).format(names);

export function QuestionEditor({
  content,
  onSend,
  onCancel,
}: {
  content: string;
  /** The new message: the words as edited, the attached files' text composed in as before. */
  onSend: (message: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation("chat");
  const { text, attachments } = splitAttachments(content);
  const [draft, setDraft] = useState(text);
  // Nothing to send: no words, or the same ones (Regenerate asks the same question again).
  const unchanged = !draft.trim() || draft.trim() === text.trim();
  const send = () => {
    if (!unchanged) onSend(composeMessage(draft, attachments));
  };
  return (
    <form
      aria-label={t("editor.label")}
      className="flex w-full min-w-[min(100%,20rem)] flex-col gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
    >
      <Textarea
        aria-label={t("editor.question")}
        value={draft}
        autoFocus
        rows={Math.min(8, Math.max(2, draft.split("\n").length))}
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === "Escape") {
            event.preventDefault();
            onCancel();
          } else if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
            event.preventDefault();
            send();
          }
        }}
        className="resize-y text-[0.94rem]"
      />
      {attachments.length > 0 ? (
        <p className="text-xs text-muted-foreground">
          {t("editor.sentAgainWith", { files: formatList(attachments.map((a) => a.name)) })}
        </p>
      ) : null}
      <div className="flex justify-end gap-2">
        <Button type="button" variant="ghost" size="sm" onClick={onCancel}>
          {t("cancel")}
        </Button>
        <Button type="submit" size="sm" disabled={unchanged}>
          {t("composer.send")}
        </Button>
      </div>
    </form>
  );
}
