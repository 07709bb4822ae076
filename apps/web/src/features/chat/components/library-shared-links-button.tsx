// Recent Chats' Shared links button. Its dialog (library-shared-links-dialog.tsx) and the dialog
// machinery load when it is first clicked, not with the chat.
import { Link2 } from "lucide-react";
import { Suspense, useState } from "react";
import { Button } from "@/components/ui/button";
import { lazyChunk } from "@/lib/chunk-load";
import { useOpenedOnce } from "@/lib/use-opened-once";
import { useTranslation } from "react-i18next";

const LibrarySharedLinksDialog = lazyChunk(() =>
  import("./library-shared-links-dialog").then((m) => ({ default: m.LibrarySharedLinksDialog })),
);

export function LibrarySharedLinksButton() {
  const { t } = useTranslation("chat");
  const [open, setOpen] = useState(false);
  const opened = useOpenedOnce(open);
  return (
    <>
      <Button
        size="icon"
        variant="ghost"
        className="size-8 text-muted-foreground"
        aria-label={t("sharedLinks.title")}
        title={t("sharedLinks.title")}
        onClick={() => setOpen(true)}
      >
        <Link2 aria-hidden="true" />
      </Button>
      {opened ? (
        <Suspense fallback={null}>
          <LibrarySharedLinksDialog open={open} onOpenChange={setOpen} />
        </Suspense>
      ) : null}
    </>
  );
}
