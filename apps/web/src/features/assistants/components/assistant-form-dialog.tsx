import type { Assistant } from "@tessera/contracts";
import { Dialog, DialogContent } from "@/components/ui/dialog";
import { AssistantForm } from "./assistant-form";

/** Create (no `assistant`) or edit an assistant in a dialog; it closes once the server saved it. */
export function AssistantFormDialog({
  open,
  onOpenChange,
  assistant,
  onSaved,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  assistant: Assistant | null;
  onSaved: (assistant: Assistant, created: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        className="flex max-h-[calc(100svh-2rem)] max-w-2xl flex-col gap-0 overflow-hidden p-0"
        // Typing in the form must not be lost to a stray click outside it.
        onInteractOutside={(event) => event.preventDefault()}
      >
        <AssistantForm
          key={assistant?.id ?? "new"}
          assistant={assistant}
          onCancel={() => onOpenChange(false)}
          onSaved={onSaved}
        />
      </DialogContent>
    </Dialog>
  );
}
