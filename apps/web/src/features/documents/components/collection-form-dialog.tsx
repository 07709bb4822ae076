// Names a new knowledge base (the person's own or their team's), or renames one.
import { COLLECTION_DESCRIPTION_MAX, COLLECTION_NAME_MAX, type CollectionSummary } from "@tessera/contracts";
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
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { Textarea } from "@/components/ui/textarea";
import { errorMessage } from "@/lib/api-client";
import { toast } from "@/lib/toast";
import { useCreateCollection, useMyTeam, useUpdateCollection } from "../api/collections";

/** `editing` null: a new collection; else that one, renamed. Done hands back the saved one. */
export function CollectionFormDialog({
  open,
  editing,
  onClose,
  onSaved,
}: {
  open: boolean;
  editing: CollectionSummary | null;
  onClose: () => void;
  onSaved: (saved: CollectionSummary) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={(next) => (next ? undefined : onClose())}>
      <DialogContent>
        {open ? <CollectionForm editing={editing} onClose={onClose} onSaved={onSaved} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function CollectionForm({
  editing,
  onClose,
  onSaved,
}: {
  editing: CollectionSummary | null;
  onClose: () => void;
  onSaved: (saved: CollectionSummary) => void;
}) {
  const { t } = useTranslation("knowledge");
  const create = useCreateCollection();
  const update = useUpdateCollection();
  const { data: team } = useMyTeam();
  const [name, setName] = useState(editing?.name ?? "");
  const [description, setDescription] = useState(editing?.description ?? "");
  const [forTeam, setForTeam] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const pending = create.isPending || update.isPending;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    if (!name.trim()) return setError(t("form.nameRequired"));
    try {
      const saved = editing
        ? await update.mutateAsync({ id: editing.id, input: { name, description } })
        : await create.mutateAsync({
            name,
            description,
            ...(forTeam && team ? { teamId: team.company.id } : {}),
          });
      toast.success(editing ? t("form.renamed") : t("form.created"), { description: saved.name });
      onSaved(saved);
    } catch (err) {
      setError(errorMessage(err));
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} className="flex flex-col gap-4">
      <DialogHeader>
        <DialogTitle>{editing ? t("form.renameTitle") : t("form.createTitle")}</DialogTitle>
        <DialogDescription>{t("form.description")}</DialogDescription>
      </DialogHeader>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor="collection-name">{t("form.name")}</Label>
        <Input
          id="collection-name"
          value={name}
          maxLength={COLLECTION_NAME_MAX}
          onChange={(e) => setName(e.target.value)}
          placeholder={t("form.namePlaceholder")}
          autoFocus
        />
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor="collection-description">{t("form.about")}</Label>
        <Textarea
          id="collection-description"
          rows={3}
          value={description}
          maxLength={COLLECTION_DESCRIPTION_MAX}
          onChange={(e) => setDescription(e.target.value)}
          placeholder={t("form.aboutPlaceholder")}
        />
      </div>
      {!editing && team ? (
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-medium">{t("form.owner")}</legend>
          <label className="flex items-center gap-2 text-sm">
            <input
              type="radio"
              name="collection-owner"
              checked={!forTeam}
              onChange={() => setForTeam(false)}
            />
            {t("form.personal")}
          </label>
          <label className="flex items-center gap-2 text-sm">
            <input type="radio" name="collection-owner" checked={forTeam} onChange={() => setForTeam(true)} />
            {t("form.team", { team: team.company.name })}
          </label>
        </fieldset>
      ) : null}
      <FormError message={error} />
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onClose}>
          {t("form.cancel")}
        </Button>
        <Button type="submit" disabled={pending}>
          {pending ? <Spinner /> : null}
          {editing ? t("form.save") : t("form.create")}
        </Button>
      </DialogFooter>
    </form>
  );
}
