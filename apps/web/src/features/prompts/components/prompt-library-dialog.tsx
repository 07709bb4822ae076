// Spec §2 "Prompt Library dialog": search, category tabs and prompt cards with Copy and Use Prompt;
// personal prompts are written, changed and deleted here too. Views swap inside one dialog, so the
// search and tab chosen are still there on the way back.
import { promptPlaceholders, type PromptTemplate } from "@tessera/contracts";
import { BookOpen } from "lucide-react";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "@/lib/toast";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { errorMessage } from "@/lib/api-client";
import { copyText } from "@/lib/clipboard";
import { useDeletePrompt } from "../api/delete-prompt";
import { useRecordPromptUse } from "../api/record-prompt-use";
import type { CategoryFilter } from "../utils/filter-prompts";
import { DeletePromptDialog } from "./delete-prompt-dialog";
import { PlaceholderForm } from "./placeholder-form";
import { PromptBrowser } from "./prompt-browser";
import { PromptForm } from "./prompt-form";

type View =
  | { kind: "browse" }
  | { kind: "fill"; prompt: PromptTemplate }
  | { kind: "edit"; prompt: PromptTemplate | null };

export interface PromptLibraryDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /**
   * Receives the chosen prompt's text, placeholders filled. It is called once the dialog has closed
   * and let go of focus, so the receiver may move focus (to its message box, say).
   */
  onUse: (text: string) => void;
}

export function PromptLibraryDialog({ open, onOpenChange, onUse }: PromptLibraryDialogProps) {
  const { t } = useTranslation("prompts");
  const [view, setView] = useState<View>({ kind: "browse" });
  const [category, setCategory] = useState<CategoryFilter>("all");
  const [search, setSearch] = useState("");
  const [deleting, setDeleting] = useState<PromptTemplate | null>(null);
  const record = useRecordPromptUse();
  const remove = useDeletePrompt();
  const handoff = useRef<string | null>(null);
  const browse = () => setView({ kind: "browse" });

  const change = (next: boolean) => {
    if (!next) browse();
    onOpenChange(next);
  };

  // The server counts the use first (its answer carries the new count for the card), then the text
  // goes to the caller: spec §4, selecting a prompt closes the library.
  const handOver = (prompt: PromptTemplate, text: string) => {
    record.mutate(prompt.id, {
      onSuccess: () => {
        handoff.current = text;
        change(false);
        toast.success(t("library.selected"));
      },
      onError: (error) => toast.error(t("library.useFailed"), { description: errorMessage(error) }),
    });
  };

  const start = (prompt: PromptTemplate) => {
    if (promptPlaceholders(prompt.content).length > 0) setView({ kind: "fill", prompt });
    else handOver(prompt, prompt.content);
  };

  const confirmDelete = (prompt: PromptTemplate) => {
    setDeleting(null);
    remove.mutate(prompt.id, {
      onSuccess: () => toast.success(t("delete.deleted")),
      onError: (error) => toast.error(t("delete.failed"), { description: errorMessage(error) }),
    });
  };

  return (
    <Dialog open={open} onOpenChange={change}>
      <DialogContent
        className="flex h-[min(46rem,calc(100svh-2rem))] max-w-5xl flex-col gap-0 p-0"
        onEscapeKeyDown={(event) => {
          if (view.kind === "browse") return;
          event.preventDefault();
          browse();
        }}
        onCloseAutoFocus={(event) => {
          const text = handoff.current;
          if (text === null) return;
          handoff.current = null;
          event.preventDefault();
          onUse(text);
        }}
      >
        <DialogHeader className="px-4 pt-5 pb-4 sm:px-6">
          <DialogTitle className="flex items-center gap-2">
            <BookOpen className="size-5 text-primary" aria-hidden="true" />
            {t("library.title")}
          </DialogTitle>
          <DialogDescription>{t("library.description")}</DialogDescription>
        </DialogHeader>
        {view.kind === "browse" ? (
          <PromptBrowser
            category={category}
            onCategoryChange={setCategory}
            search={search}
            onSearchChange={setSearch}
            onNew={() => setView({ kind: "edit", prompt: null })}
            usingId={record.isPending ? record.variables : null}
            onCopy={(prompt) => void copyText(prompt.content)}
            onUse={start}
            onEdit={(prompt) => setView({ kind: "edit", prompt })}
            onDelete={setDeleting}
          />
        ) : view.kind === "fill" ? (
          <PlaceholderForm
            prompt={view.prompt}
            busy={record.isPending}
            onBack={browse}
            onSubmit={(text) => handOver(view.prompt, text)}
          />
        ) : (
          <PromptForm
            prompt={view.prompt}
            defaultCategory={category === "all" ? "writing" : category}
            onDone={browse}
          />
        )}
        <DeletePromptDialog prompt={deleting} onCancel={() => setDeleting(null)} onConfirm={confirmDelete} />
      </DialogContent>
    </Dialog>
  );
}
