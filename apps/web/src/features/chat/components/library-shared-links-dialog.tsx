// Shared links: every conversation the person has shared, to open, copy or turn off.
import { ExternalLink } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Spinner } from "@/components/ui/spinner";
import { useQueryClient } from "@tanstack/react-query";
import { toast } from "@/lib/toast";
import { formatWhen } from "@/lib/utils";
import { revokeShare, SHARES_KEY, useOwnedShares } from "../api/library-share";
import { useTranslation } from "react-i18next";
import { shownTitle } from "@/lib/default-titles";

/** Loaded when the button is first clicked (library-shared-links-button.tsx). */
export function LibrarySharedLinksDialog({
  open,
  onOpenChange: setOpen,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation("chat");
  const shares = useOwnedShares(open);
  const queryClient = useQueryClient();
  const [ending, setEnding] = useState<string | null>(null);
  const stop = (conversationId: string) => {
    setEnding(conversationId);
    revokeShare(conversationId)
      .then(() => {
        toast.success(t("sharedLinks.turnedOff"));
        void queryClient.invalidateQueries({ queryKey: SHARES_KEY });
        void queryClient.invalidateQueries({ queryKey: ["share", conversationId] });
      })
      .catch(() => toast.error(t("sharedLinks.stopFailed")))
      .finally(() => setEnding(null));
  };
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>{t("sharedLinks.title")}</DialogTitle>
          <DialogDescription>{t("sharedLinks.description")}</DialogDescription>
        </DialogHeader>
        {shares.isPending ? <Spinner label={t("sharedLinks.loading")} /> : null}
        {shares.data && shares.data.length === 0 ? (
          <p className="py-4 text-center text-sm text-muted-foreground">{t("sharedLinks.none")}</p>
        ) : null}
        {shares.data && shares.data.length > 0 ? (
          <ul aria-label={t("sharedLinks.list")} className="flex max-h-80 flex-col divide-y overflow-y-auto">
            {shares.data.map((s) => (
              <li key={s.token} className="flex items-center gap-2 py-2">
                <div className="flex min-w-0 flex-1 flex-col">
                  <Link
                    to={`/dashboard/chat?conversation=${encodeURIComponent(s.conversation_id)}`}
                    onClick={() => setOpen(false)}
                    className="truncate text-sm font-medium hover:underline"
                  >
                    {shownTitle(s.title) || t("untitled")}
                  </Link>
                  <span className="text-xs text-muted-foreground">
                    {t("sharedLinks.updated", { when: formatWhen(s.updated_at) })}
                  </span>
                </div>
                <Button asChild size="icon" variant="ghost" className="size-8" title={t("sharedLinks.open")}>
                  <a
                    href={s.url}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={t("sharedLinks.openNamed", { title: shownTitle(s.title) || t("untitled") })}
                  >
                    <ExternalLink aria-hidden="true" />
                  </a>
                </Button>
                <Button
                  size="sm"
                  variant="outline"
                  disabled={ending === s.conversation_id}
                  onClick={() => stop(s.conversation_id)}
                >
                  {t("share.stop")}
                </Button>
              </li>
            ))}
          </ul>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
