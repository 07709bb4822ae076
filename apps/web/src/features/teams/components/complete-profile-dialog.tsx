// 'Complete Your Profile' (spec §2): teammates see each other by name, so someone without one is
// asked for it on the team page.
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "@/lib/toast";
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
import { useSaveFullName } from "../api/save-full-name";

export function CompleteProfileDialog({ open }: { open: boolean }) {
  const { t } = useTranslation("teams");
  const [dismissed, setDismissed] = useState(false);
  const [name, setName] = useState("");
  const save = useSaveFullName();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return;
    save.mutate(name.trim(), {
      onSuccess: () => {
        toast.success(t("profile.updated"));
        setDismissed(true);
      },
      onError: (err) => toast.error(t("profile.saveFailed"), { description: errorMessage(err) }),
    });
  };

  return (
    <Dialog open={open && !dismissed} onOpenChange={(o) => setDismissed(!o)}>
      <DialogContent>
        <form onSubmit={submit} className="flex flex-col gap-4">
          <DialogHeader>
            <DialogTitle>{t("profile.title")}</DialogTitle>
            <DialogDescription>{t("profile.description")}</DialogDescription>
          </DialogHeader>
          <FormField
            label={t("profile.fullName")}
            value={name}
            onChange={(e) => setName(e.target.value)}
            maxLength={120}
            autoFocus
          />
          <DialogFooter>
            <Button type="submit" disabled={!name.trim() || save.isPending}>
              {save.isPending ? t("profile.saving") : t("profile.save")}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
