// The Download action with the spec's toasts: 'Success' / 'Image downloaded successfully', or the
// failure title with the reason ('Download Failed' on the creator, 'Failed to download image' in
// history). A fallback to a new tab says so instead.
import type { GeneratedImage } from "@tessera/contracts";
import { useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "@/lib/toast";
import { absoluteImageUrl, downloadImage } from "../utils/download-image";

/** failureTitle: a key of the images namespace, the creator's by default. */
export function useDownloadImage(
  failureTitle: "downloadFailedTitle" | "historyDownloadFailed" = "downloadFailedTitle",
) {
  const { t } = useTranslation("images");
  const [busyId, setBusyId] = useState<string | null>(null);
  const download = useCallback(
    async (image: Pick<GeneratedImage, "id" | "image_url">) => {
      if (!image.image_url) return;
      setBusyId(image.id);
      try {
        const outcome = await downloadImage(absoluteImageUrl(image.image_url), image.id);
        if (outcome === "downloaded")
          toast.success(t("messages.successTitle"), { description: t("messages.downloaded") });
        else toast.info(t("messages.openedInTab"), { description: t("messages.saveFromTab") });
      } catch (error) {
        toast.error(t(`messages.${failureTitle}`), {
          description: error instanceof Error && error.message ? error.message : t("messages.downloadFailed"),
        });
      } finally {
        setBusyId(null);
      }
    },
    [failureTitle, t],
  );
  return { download, busyId };
}
