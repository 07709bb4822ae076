// Ban a person: a reason (they are told it when they try to sign in) and, if the ban should end by
// itself, the day it ends. Every session of theirs ends at once.
import { BAN_REASON_MAX, type AdminUserDetail } from "@tessera/contracts";
import { useId, useState, type FormEvent } from "react";
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
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { errorMessage } from "@/lib/api-client";
import { toast } from "@/lib/toast";
import { useUpdateAdminUser } from "../api/update-admin-user";
import { DateField } from "./date-field";

/** The day after today in the reader's time zone, as YYYY-MM-DD: the earliest a ban may end. */
function tomorrow(): string {
  const d = new Date();
  d.setDate(d.getDate() + 1);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
}

export function BanUserDialog({
  person,
  open,
  onOpenChange,
}: {
  person: AdminUserDetail;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-md">
        {/* Mounted per opening, so every opening starts empty. */}
        {open ? <BanForm person={person} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function BanForm({ person, onDone }: { person: AdminUserDetail; onDone: () => void }) {
  const { t } = useTranslation("admin");
  const update = useUpdateAdminUser(person.id);
  const reasonId = useId();
  const [reason, setReason] = useState("");
  const [until, setUntil] = useState("");
  const [failure, setFailure] = useState<string | null>(null);
  const who = person.name || person.email;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    // The ban ends at the start of the chosen day, in the admin's own time zone.
    const ends = until ? new Date(`${until}T00:00:00`).toISOString() : null;
    update.mutate(
      { kind: "ban", body: { reason: reason.trim(), until: ends } },
      {
        onSuccess: () => {
          toast.success(t("ban.done", { who }), { description: t("ban.doneDescription") });
          onDone();
        },
        onError: (err) => setFailure(errorMessage(err)),
      },
    );
  };

  return (
    <form onSubmit={submit} className="flex flex-col gap-4" aria-label={t("ban.label", { who })}>
      <DialogHeader>
        <DialogTitle>{t("ban.title", { who })}</DialogTitle>
        <DialogDescription>{t("ban.description")}</DialogDescription>
      </DialogHeader>
      <div className="flex flex-col gap-2">
        <Label htmlFor={reasonId}>{t("ban.reason")}</Label>
        <Textarea
          id={reasonId}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          maxLength={BAN_REASON_MAX}
          rows={3}
          required
        />
      </div>
      <DateField
        label={t("ban.endsOn")}
        value={until}
        min={tomorrow()}
        onChange={setUntil}
        hint={t("ban.endsHint")}
      />
      <FormError message={failure} />
      <DialogFooter className="gap-2">
        <Button type="button" variant="outline" onClick={onDone}>
          {t("cancel")}
        </Button>
        <Button type="submit" variant="destructive" disabled={update.isPending || !reason.trim()}>
          {update.isPending ? t("ban.banning") : t("ban.ban")}
        </Button>
      </DialogFooter>
    </form>
  );
}
