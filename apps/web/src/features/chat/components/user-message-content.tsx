import { FileText } from "lucide-react";
import type { ChatImage } from "../utils/chat-message";
import { splitAttachments } from "../utils/chat-message";
import { useTranslation } from "react-i18next";

/** What the person sent: the prompt, picture thumbnails, and attached files folded under their names. */
export function UserMessageContent({ content, images }: { content: string; images: ChatImage[] }) {
  const { t } = useTranslation("chat");
  const { text, attachments } = splitAttachments(content);
  return (
    <div className="flex flex-col gap-2">
      {images.length > 0 ? (
        <ul aria-label={t("attachments.images")} className="flex flex-wrap gap-2">
          {images.map((image) => (
            <li key={image.id}>
              {image.url ? (
                <a href={image.url} target="_blank" rel="noopener noreferrer" className="block">
                  <img
                    src={image.url}
                    alt={image.name ?? t("attachments.attachedImage")}
                    className="size-24 rounded-lg border object-cover shadow-xs sm:size-28"
                  />
                </a>
              ) : (
                <span className="flex size-24 items-center justify-center rounded-lg border bg-muted text-xs text-muted-foreground">
                  {image.name ?? t("attachments.image")}
                </span>
              )}
            </li>
          ))}
        </ul>
      ) : null}
      <p dir="auto" className="whitespace-pre-wrap">
        {text}
      </p>
      {attachments.map((file, index) => (
        <details key={`${file.name}-${index}`} className="group rounded-lg border bg-background/50 text-sm">
          <summary className="flex cursor-pointer items-center gap-2 px-2.5 py-1.5 text-xs font-medium select-none">
            <FileText className="size-3.5 text-muted-foreground" aria-hidden="true" />
            {file.name}
          </summary>
          <pre className="max-h-48 overflow-auto border-t px-2.5 py-2 font-mono text-xs whitespace-pre-wrap text-muted-foreground">
            {file.text}
          </pre>
        </details>
      ))}
    </div>
  );
}
