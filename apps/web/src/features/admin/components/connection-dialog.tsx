// Add or edit a connection, in a dialog (the form is connection-form.tsx).
import type { Connection, ConnectionKind } from "@tessera/contracts";
import { Dialog, DialogContent } from "@/components/ui/dialog";
import { ConnectionForm } from "./connection-form";

export function ConnectionDialog({
  open,
  onOpenChange,
  connection,
  initialKind = "openrouter",
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The connection to edit; a new one without. */
  connection?: Connection;
  initialKind?: ConnectionKind;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[calc(100svh-2rem)] overflow-y-auto sm:max-w-lg">
        {/* Mounted per opening, so every opening starts from the connection as stored. */}
        {open ? (
          <ConnectionForm
            connection={connection}
            initialKind={initialKind}
            onDone={() => onOpenChange(false)}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
