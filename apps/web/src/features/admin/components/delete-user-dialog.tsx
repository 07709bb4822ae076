// Delete a person with everything they keep, once their address is typed again. ConfirmDeleteDialog
// asks only yes or no; this one waits for the address and shows a refusal in place.
import type { AdminUserDetail } from "@tessera/contracts";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
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
  const { t } = useTranslation("admin");
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
          toast.success(t("deleteUser.done", { email: person.email }), {
            description: t("deleteUser.doneDescription"),
          });
          onDeleted();
        },
        onError: (err) => setFailure(errorMessage(err)),
      },
    );
  };

  return (
    <form
      onSubmit={submit}
      className="flex flex-col gap-4"
      aria-label={t("deleteUser.label", { email: person.email })}
    >
      <DialogHeader>
        <DialogTitle>{t("deleteUser.title", { who: person.name || person.email })}</DialogTitle>
        <DialogDescription>{t("deleteUser.description")}</DialogDescription>
      </DialogHeader>
      <FormField
        label={t("deleteUser.confirm", { email: person.email })}
        value={typed}
        onChange={(e) => setTyped(e.target.value)}
        autoComplete="off"
        spellCheck={false}
      />
      <FormError message={failure} />
      <DialogFooter className="gap-2">
        <Button type="button" variant="outline" onClick={onCancel}>
          {t("cancel")}
        </Button>
        <Button type="submit" variant="destructive" disabled={!matches || remove.isPending}>
          {remove.isPending ? t("deleteUser.deleting") : t("deleteUser.delete")}
        </Button>
      </DialogFooter>
    </form>
  );
}
