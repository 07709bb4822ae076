// The chat toolbar's Share button. Its dialog (library-share-dialog.tsx) and the dialog machinery
// load when it is first clicked, not with the chat.
import { Share2 } from "lucide-react";
import { Suspense, useState } from "react";
import { Button } from "@/components/ui/button";
import { lazyChunk } from "@/lib/chunk-load";
import { useOpenedOnce } from "@/lib/use-opened-once";
import { useTranslation } from "react-i18next";

const LibraryShareDialog = lazyChunk(() =>
  import("./library-share-dialog").then((m) => ({ default: m.LibraryShareDialog })),
);

export function LibraryShareButton({ conversationId }: { conversationId: string }) {
  const { t } = useTranslation("chat");
  const [open, setOpen] = useState(false);
  const opened = useOpenedOnce(open);
  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        className="text-muted-foreground"
        title={t("share.hint")}
        onClick={() => setOpen(true)}
      >
        <Share2 aria-hidden="true" />
        <span className="sr-only sm:not-sr-only">{t("share.button")}</span>
      </Button>
      {opened ? (
        <Suspense fallback={null}>
          <LibraryShareDialog conversationId={conversationId} open={open} onOpenChange={setOpen} />
        </Suspense>
      ) : null}
    </>
  );
}
