// The Download action with the spec's toasts: 'Success' / 'Image downloaded successfully', or the
// failure title with the reason ('Download Failed' on the creator, 'Failed to download image' in
// history). A fallback to a new tab says so instead.
import { IMAGE_MESSAGES, type GeneratedImage } from "@tessera/contracts";
import { useCallback, useState } from "react";
import { toast } from "@/lib/toast";
import { absoluteImageUrl, downloadImage } from "../utils/download-image";

export function useDownloadImage(failureTitle: string = IMAGE_MESSAGES.downloadFailedTitle) {
  const [busyId, setBusyId] = useState<string | null>(null);
  const download = useCallback(
    async (image: Pick<GeneratedImage, "id" | "image_url">) => {
      if (!image.image_url) return;
      setBusyId(image.id);
      try {
        const outcome = await downloadImage(absoluteImageUrl(image.image_url), image.id);
        if (outcome === "downloaded")
          toast.success(IMAGE_MESSAGES.successTitle, { description: IMAGE_MESSAGES.downloaded });
        else toast.info("Opened in a new tab", { description: "Save the image from there." });
      } catch (error) {
        toast.error(failureTitle, {
          description:
            error instanceof Error && error.message ? error.message : IMAGE_MESSAGES.downloadFailed,
        });
      } finally {
        setBusyId(null);
      }
    },
    [failureTitle],
  );
  return { download, busyId };
}
