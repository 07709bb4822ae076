// Share: a read-only link to a snapshot of the conversation, copied from here, updated with what was
// said since, or turned off.
import { Check, Copy, Link2, RefreshCw, Share2 } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Spinner } from "@/components/ui/spinner";
import { copyText } from "@/lib/clipboard";
import { useShareActions, useShareLink, useShareTeam } from "../api/library-share";

export function LibraryShareButton({ conversationId }: { conversationId: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        className="text-muted-foreground"
        title="Share a read-only link to this conversation"
        onClick={() => setOpen(true)}
      >
        <Share2 aria-hidden="true" />
        <span className="sr-only sm:not-sr-only">Share</span>
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent className="sm:max-w-lg">
          {open ? <ShareDialogBody conversationId={conversationId} /> : null}
        </DialogContent>
      </Dialog>
    </>
  );
}

function ShareDialogBody({ conversationId }: { conversationId: string }) {
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
        <DialogTitle>Share conversation</DialogTitle>
        <DialogDescription>
          {teamOnly
            ? `Members of ${team.name} can read this conversation as it is now, once signed in. Nobody else can open the link.`
            : "Anyone with the link can read this conversation as it is now, without signing in."}{" "}
          Your name and email are not shown. Later messages appear only when you update the snapshot.
        </DialogDescription>
      </DialogHeader>
      {link.isPending ? <Spinner label="Loading the link" /> : null}
      {team ? (
        <fieldset className="flex flex-col gap-1.5 text-sm">
          <legend className="mb-1 font-medium">Who can open the link</legend>
          <label className="flex items-center gap-2">
            <input
              type="radio"
              name={audienceName}
              className="size-4 accent-primary"
              checked={!teamOnly}
              onChange={() => setToTeam(false)}
            />
            Anyone with the link
          </label>
          <label className="flex items-center gap-2">
            <input
              type="radio"
              name={audienceName}
              className="size-4 accent-primary"
              checked={teamOnly}
              onChange={() => setToTeam(true)}
            />
            Only members of {team.name}
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
        Include attachments (files and pictures you sent)
      </label>
      {current ? (
        <div className="flex flex-col gap-2">
          <div className="flex gap-2">
            <Input readOnly aria-label="Share link" value={current.url} onFocus={(e) => e.target.select()} />
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
              {copied ? "Copied" : "Copy"}
            </Button>
          </div>
          <p className="text-xs text-muted-foreground">
            Snapshot of {new Date(current.updated_at).toLocaleString()}
            {current.include_attachments ? ", with attachments" : ", without attachments"}
            {current.team ? `, for members of ${current.team.name} only` : ", for anyone with the link"}.
          </p>
          <div className="flex flex-wrap justify-between gap-2 pt-2">
            <Button variant="destructive" disabled={busy} onClick={() => revoke.mutate()}>
              Stop sharing
            </Button>
            <Button disabled={busy} onClick={save}>
              {share.isPending ? <Spinner /> : <RefreshCw aria-hidden="true" />}
              Update snapshot
            </Button>
          </div>
        </div>
      ) : link.isSuccess ? (
        <div className="flex justify-end pt-2">
          <Button disabled={busy} onClick={save}>
            {share.isPending ? <Spinner /> : <Link2 aria-hidden="true" />}
            Create link
          </Button>
        </div>
      ) : null}
    </>
  );
}
