// Shared links: every conversation the person has shared, to open, copy or turn off.
import { ExternalLink, Link2 } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Spinner } from "@/components/ui/spinner";
import { useQueryClient } from "@tanstack/react-query";
import { toast } from "@/lib/toast";
import { revokeShare, SHARES_KEY, useOwnedShares } from "../api/library-share";

export function LibrarySharedLinksButton() {
  const [open, setOpen] = useState(false);
  const shares = useOwnedShares(open);
  const queryClient = useQueryClient();
  const [ending, setEnding] = useState<string | null>(null);
  const stop = (conversationId: string) => {
    setEnding(conversationId);
    revokeShare(conversationId)
      .then(() => {
        toast.success("Link turned off");
        void queryClient.invalidateQueries({ queryKey: SHARES_KEY });
        void queryClient.invalidateQueries({ queryKey: ["share", conversationId] });
      })
      .catch(() => toast.error("Could not stop sharing"))
      .finally(() => setEnding(null));
  };
  return (
    <>
      <Button
        size="icon"
        variant="ghost"
        className="size-8 text-muted-foreground"
        aria-label="Shared links"
        title="Shared links"
        onClick={() => setOpen(true)}
      >
        <Link2 aria-hidden="true" />
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent className="sm:max-w-lg">
          <DialogHeader>
            <DialogTitle>Shared links</DialogTitle>
            <DialogDescription>
              Conversations anyone with the link can read. Stop sharing and the link stops working at once.
            </DialogDescription>
          </DialogHeader>
          {shares.isPending ? <Spinner label="Loading your links" /> : null}
          {shares.data && shares.data.length === 0 ? (
            <p className="py-4 text-center text-sm text-muted-foreground">
              You have not shared any conversation.
            </p>
          ) : null}
          {shares.data && shares.data.length > 0 ? (
            <ul aria-label="Your shared links" className="flex max-h-80 flex-col divide-y overflow-y-auto">
              {shares.data.map((s) => (
                <li key={s.token} className="flex items-center gap-2 py-2">
                  <div className="flex min-w-0 flex-1 flex-col">
                    <Link
                      to={`/dashboard/chat?conversation=${encodeURIComponent(s.conversation_id)}`}
                      onClick={() => setOpen(false)}
                      className="truncate text-sm font-medium hover:underline"
                    >
                      {s.title || "Untitled chat"}
                    </Link>
                    <span className="text-xs text-muted-foreground">
                      Updated {new Date(s.updated_at).toLocaleString()}
                    </span>
                  </div>
                  <Button asChild size="icon" variant="ghost" className="size-8" title="Open the link">
                    <a
                      href={s.url}
                      target="_blank"
                      rel="noopener noreferrer"
                      aria-label={`Open the link to ${s.title}`}
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
                    Stop sharing
                  </Button>
                </li>
              ))}
            </ul>
          ) : null}
        </DialogContent>
      </Dialog>
    </>
  );
}
