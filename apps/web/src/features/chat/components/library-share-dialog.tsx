// Share: a read-only link to a snapshot of the conversation, copied from here, updated with what was
// said since, or turned off.
import { Check, Copy, Link2, RefreshCw } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Spinner } from "@/components/ui/spinner";
import { copyText } from "@/lib/clipboard";
import { formatWhen } from "@/lib/utils";
import { useShareActions, useShareLink, useShareTeam } from "../api/library-share";
import { useTranslation } from "react-i18next";

/** Loaded when Share is first clicked (library-share-button.tsx). */
export function LibraryShareDialog({
  conversationId,
  open,
  onOpenChange,
}: {
  conversationId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-lg">
        {open ? <ShareDialogBody conversationId={conversationId} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function ShareDialogBody({ conversationId }: { conversationId: string }) {
  const { t } = useTranslation("chat");
  const link = useShareLink(conversationId, true);
  const team = useShareTeam(true).data ?? null;
  const { share, revoke } = useShareActions(conversationId);
  const [attachments, setAttachments] = useState<boolean | null>(null);
  const [toTeam, setToTeam] = useState<boolean | null>(null);
  const [copied, setCopied] = useState(false);
  const tickId = useId();
  const audienceName = useId();
  const current = link.data ?? null;
  const includeAttachments = attachments ?? current?.include_attachments ?? false;
  const teamOnly = team !== null && (toTeam ?? Boolean(current?.team));
  const busy = share.isPending || revoke.isPending;
  const save = () => share.mutate({ includeAttachments, teamId: teamOnly ? team.id : null });

  return (
    <>
      <DialogHeader>
        <DialogTitle>{t("share.title")}</DialogTitle>
        <DialogDescription>
          {teamOnly ? t("share.descriptionTeam", { team: team.name }) : t("share.descriptionAnyone")}{" "}
          {t("share.privacy")}
        </DialogDescription>
      </DialogHeader>
      {link.isPending ? <Spinner label={t("share.loading")} /> : null}
      {team ? (
        <fieldset className="flex flex-col gap-1.5 text-sm">
          <legend className="mb-1 font-medium">{t("share.audience")}</legend>
          <label className="flex items-center gap-2">
            <input
              type="radio"
              name={audienceName}
              className="size-4 accent-primary"
              checked={!teamOnly}
              onChange={() => setToTeam(false)}
            />
            {t("share.anyone")}
          </label>
          <label className="flex items-center gap-2">
            <input
              type="radio"
              name={audienceName}
              className="size-4 accent-primary"
              checked={teamOnly}
              onChange={() => setToTeam(true)}
            />
            {t("share.onlyTeam", { team: team.name })}
          </label>
        </fieldset>
      ) : null}
      <label htmlFor={tickId} className="flex items-center gap-2 text-sm">
        <input
          id={tickId}
          type="checkbox"
          className="size-4 accent-primary"
          checked={includeAttachments}
          onChange={(e) => setAttachments(e.target.checked)}
        />
        {t("share.includeAttachments")}
      </label>
      {current ? (
        <div className="flex flex-col gap-2">
          <div className="flex gap-2">
            <Input
              readOnly
              aria-label={t("share.link")}
              value={current.url}
              dir="ltr"
              onFocus={(e) => e.target.select()}
            />
            <Button
              variant="outline"
              onClick={() =>
                void copyText(current.url).then(() => {
                  setCopied(true);
                  setTimeout(() => setCopied(false), 2000);
                })
              }
            >
              {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
              {copied ? t("share.copied") : t("share.copy")}
            </Button>
          </div>
          <p className="text-xs text-muted-foreground">
            {t(
              `share.snapshot.${current.team ? "team" : "anyone"}${current.include_attachments ? "With" : "Without"}Attachments`,
              { when: formatWhen(current.updated_at), team: current.team?.name },
            )}
          </p>
          <div className="flex flex-wrap justify-between gap-2 pt-2">
            <Button variant="destructive" disabled={busy} onClick={() => revoke.mutate()}>
              {t("share.stop")}
            </Button>
            <Button disabled={busy} onClick={save}>
              {share.isPending ? <Spinner /> : <RefreshCw aria-hidden="true" />}
              {t("share.update")}
            </Button>
          </div>
        </div>
      ) : link.isSuccess ? (
        <div className="flex justify-end pt-2">
          <Button disabled={busy} onClick={save}>
            {share.isPending ? <Spinner /> : <Link2 aria-hidden="true" />}
            {t("share.create")}
          </Button>
        </div>
      ) : null}
    </>
  );
}
