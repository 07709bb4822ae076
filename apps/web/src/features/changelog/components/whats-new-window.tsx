import type { ChangelogEntry } from "@tessera/contracts";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";

/** The release notes this person has not seen yet, newest first. */
export function WhatsNewWindow({
  open,
  entries,
  onClose,
}: {
  open: boolean;
  entries: ChangelogEntry[];
  onClose: () => void;
}) {
  const { t } = useTranslation("changelog");
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()}>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>{t("title")}</DialogTitle>
          <DialogDescription>{t("description")}</DialogDescription>
        </DialogHeader>
        <ul className="scroll-area flex max-h-80 flex-col gap-4 overflow-y-auto">
          {entries.map((entry) => (
            <li key={entry.version}>
              <p className="text-sm font-medium">
                {entry.title} <span className="text-muted-foreground">· {entry.version}</span>
              </p>
              <p className="mt-1 text-sm whitespace-pre-line text-muted-foreground">{entry.description}</p>
            </li>
          ))}
        </ul>
        <DialogFooter>
          <Button onClick={onClose}>{t("gotIt")}</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
