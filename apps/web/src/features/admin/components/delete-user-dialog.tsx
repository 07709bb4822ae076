// Delete a person with everything they keep, once their address is typed again. ConfirmDeleteDialog
// asks only yes or no; this one waits for the address and shows a refusal in place.
import type { AdminUserDetail } from "@tessera/contracts";
import { useState, type FormEvent } from "react";
import { FormError } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { FormField } from "@/components/ui/form-field";
import { errorMessage } from "@/lib/api-client";
import { toast } from "@/lib/toast";
import { useDeleteAdminUser } from "../api/delete-admin-user";

export function DeleteUserDialog({
  person,
  open,
  onOpenChange,
  onDeleted,
}: {
  person: AdminUserDetail;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onDeleted: () => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-md">
        {open ? (
          <DeleteForm person={person} onCancel={() => onOpenChange(false)} onDeleted={onDeleted} />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function DeleteForm({
  person,
  onCancel,
  onDeleted,
}: {
  person: AdminUserDetail;
  onCancel: () => void;
  onDeleted: () => void;
}) {
  const remove = useDeleteAdminUser();
  const [typed, setTyped] = useState("");
  const [failure, setFailure] = useState<string | null>(null);
  const matches = typed.trim().toLowerCase() === person.email.toLowerCase();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    remove.mutate(
      { id: person.id, confirmEmail: typed.trim() },
      {
        onSuccess: () => {
          toast.success(`${person.email} is deleted`, {
            description: "Their account and all their data are gone.",
          });
          onDeleted();
        },
        onError: (err) => setFailure(errorMessage(err)),
      },
    );
  };

  return (
    <form onSubmit={submit} className="flex flex-col gap-4" aria-label={`Delete ${person.email}`}>
      <DialogHeader>
        <DialogTitle>Delete {person.name || person.email}?</DialogTitle>
        <DialogDescription>
          Their account goes for good, with their conversations, comparisons, searches, documents, images,
          voice-overs and API keys. What others keep stays. This cannot be undone.
        </DialogDescription>
      </DialogHeader>
      <FormField
        label={`Type ${person.email} to confirm`}
        value={typed}
        onChange={(e) => setTyped(e.target.value)}
        autoComplete="off"
        spellCheck={false}
      />
      <FormError message={failure} />
      <DialogFooter className="gap-2">
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" variant="destructive" disabled={!matches || remove.isPending}>
          {remove.isPending ? "Deleting…" : "Delete user"}
        </Button>
      </DialogFooter>
    </form>
  );
}
