import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useRef, useState } from "react";
import { describe, expect, it } from "vitest";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogTitle,
} from "./alert-dialog";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "./dialog";
import { Sheet, SheetContent, SheetDescription, SheetTitle } from "./sheet";

/** Dialogs opened from state, with no Trigger: the way most of the app's dialogs open. */
function Example({
  kind,
  autoFocusField = false,
}: {
  kind: "dialog" | "alert" | "sheet";
  autoFocusField?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const body = (
    <>
      <input aria-label="Field" autoFocus={autoFocusField} />
    </>
  );
  return (
    <>
      <button type="button">Before</button>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      {kind === "dialog" ? (
        <Dialog open={open} onOpenChange={setOpen}>
          <DialogContent>
            <DialogTitle>Dialog</DialogTitle>
            <DialogDescription>A dialog.</DialogDescription>
            {body}
          </DialogContent>
        </Dialog>
      ) : kind === "alert" ? (
        <AlertDialog open={open} onOpenChange={setOpen}>
          <AlertDialogContent>
            <AlertDialogTitle>Sure?</AlertDialogTitle>
            <AlertDialogDescription>A question.</AlertDialogDescription>
            <AlertDialogCancel>Cancel</AlertDialogCancel>
          </AlertDialogContent>
        </AlertDialog>
      ) : (
        <Sheet open={open} onOpenChange={setOpen}>
          <SheetContent>
            <SheetTitle>Sheet</SheetTitle>
            <SheetDescription>A sheet.</SheetDescription>
            {body}
          </SheetContent>
        </Sheet>
      )}
    </>
  );
}

describe("closing a dialog opened without a Trigger", () => {
  it.each([
    ["a dialog", "dialog", false],
    ["a dialog whose field takes focus as it opens", "dialog", true],
    ["a confirmation", "alert", false],
    ["a sheet", "sheet", false],
  ] as const)("gives focus back to what opened it: %s", async (_what, kind, autoFocusField) => {
    const user = userEvent.setup();
    render(<Example kind={kind} autoFocusField={autoFocusField} />);
    const opener = screen.getByRole("button", { name: "Open" });
    await user.click(opener);
    await waitFor(() => expect(document.activeElement).not.toBe(opener));
    await user.keyboard("{Escape}");
    await waitFor(() => expect(document.activeElement).toBe(opener));
    // Again, so nothing is left over from the first time.
    await user.keyboard("{Enter}");
    await waitFor(() => expect(document.activeElement).not.toBe(opener));
    await user.keyboard("{Escape}");
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it("leaves focus where the dialog's own close handler put it", async () => {
    function Handing() {
      const [open, setOpen] = useState(false);
      const target = useRef<HTMLTextAreaElement>(null);
      return (
        <>
          <textarea aria-label="Message" ref={target} />
          <button type="button" onClick={() => setOpen(true)}>
            Open
          </button>
          <Dialog open={open} onOpenChange={setOpen}>
            <DialogContent
              onCloseAutoFocus={(event) => {
                event.preventDefault();
                target.current?.focus();
              }}
            >
              <DialogTitle>Library</DialogTitle>
              <DialogDescription>Pick one.</DialogDescription>
            </DialogContent>
          </Dialog>
        </>
      );
    }
    const user = userEvent.setup();
    render(<Handing />);
    await user.click(screen.getByRole("button", { name: "Open" }));
    await user.keyboard("{Escape}");
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole("textbox", { name: "Message" })),
    );
  });
});
