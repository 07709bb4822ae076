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

const KINDS = {
  dialog: { Root: Dialog, Content: DialogContent, Title: DialogTitle, Description: DialogDescription },
  alert: {
    Root: AlertDialog,
    Content: AlertDialogContent,
    Title: AlertDialogTitle,
    Description: AlertDialogDescription,
  },
  sheet: { Root: Sheet, Content: SheetContent, Title: SheetTitle, Description: SheetDescription },
};

/** Dialogs opened from state, with no Trigger: the way most of the app's dialogs open. */
function Example({ kind, autoFocusField = false }: { kind: keyof typeof KINDS; autoFocusField?: boolean }) {
  const [open, setOpen] = useState(false);
  const { Root, Content, Title, Description } = KINDS[kind];
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <Root open={open} onOpenChange={setOpen}>
        <Content>
          <Title>{kind}</Title>
          <Description>Opened from state.</Description>
          {kind === "alert" ? (
            <AlertDialogCancel>Cancel</AlertDialogCancel>
          ) : (
            <input aria-label="Field" autoFocus={autoFocusField} />
          )}
        </Content>
      </Root>
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
