// The message being written: its text and attached files. Pictures wait for the send (they are
// uploaded then); text files are read here and cut to 2,000 characters; PDFs, Word documents and
// HTML pages go through the server's extractor, which reads them as documents are read. Spec §5 and
// §8 give the limits and the toasts.
import i18next from "i18next";
import {
  DOCUMENT_ACCEPT,
  MAX_IMAGE_BYTES,
  MAX_IMAGES_PER_MESSAGE,
  TEXT_ATTACHMENT_MAX_CHARS,
} from "@tessera/contracts";
import { useCallback, useState } from "react";
import { toast } from "@/lib/toast";
import { errorMessage } from "@/lib/api-client";
import { extractFileText } from "@/lib/extract-file-text";
import { localId } from "../utils/chat-message";

export type PendingAttachment =
  | { id: string; kind: "image"; name: string; file: File; preview: string }
  | { id: string; kind: "text"; name: string; text: string; truncated: boolean }
  | { id: string; kind: "reading"; name: string };

export const ACCEPTED_FILES = `image/*,${DOCUMENT_ACCEPT}`;

const DOCX_TYPE = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";
const TEXT_EXTENSIONS = /\.(txt|md|markdown|csv|json)$/i;
export const isPdf = (file: File) => file.type === "application/pdf" || /\.pdf$/i.test(file.name);
/** Files the server reads: a PDF, a Word document, or an HTML page (its text, not its tags). */
export const readsOnServer = (file: File) =>
  isPdf(file) ||
  file.type === DOCX_TYPE ||
  file.type === "text/html" ||
  file.type === "application/xhtml+xml" ||
  /\.(docx|html?|xhtml)$/i.test(file.name);
export const isTextLike = (file: File) =>
  file.type.startsWith("text/") || file.type === "application/json" || TEXT_EXTENSIONS.test(file.name);

function previewOf(file: File): string {
  try {
    return URL.createObjectURL(file);
  } catch {
    return "";
  }
}

async function readText(file: File): Promise<{ text: string; truncated: boolean }> {
  if (readsOnServer(file)) {
    const extracted = await extractFileText(file);
    return { text: extracted.text, truncated: extracted.truncated };
  }
  const text = await file.text();
  return {
    text: text.slice(0, TEXT_ATTACHMENT_MAX_CHARS),
    truncated: text.length > TEXT_ATTACHMENT_MAX_CHARS,
  };
}

export function useComposer(initialText = "") {
  const [text, setText] = useState(initialText);
  const [attachments, setAttachments] = useState<PendingAttachment[]>([]);

  const replace = (id: string, next: PendingAttachment | null) =>
    setAttachments((list) => list.flatMap((a) => (a.id === id ? (next ? [next] : []) : [a])));

  const addFiles = useCallback(
    (files: Iterable<File>) => {
      let images = attachments.filter((a) => a.kind === "image").length;
      for (const file of files) {
        const id = localId("file");
        if (file.type.startsWith("image/")) {
          if (file.size > MAX_IMAGE_BYTES) {
            toast.error(i18next.t("composer.errors.imageTooLarge", { ns: "chat" }), {
              description: i18next.t("composer.errors.imageTooLargeDetail", { ns: "chat", name: file.name }),
            });
          } else if (images >= MAX_IMAGES_PER_MESSAGE) {
            toast.error(i18next.t("composer.errors.tooManyImages", { ns: "chat" }), {
              description: i18next.t("composer.errors.tooManyImagesDetail", {
                ns: "chat",
                count: MAX_IMAGES_PER_MESSAGE,
              }),
            });
          } else {
            images++;
            const image = { id, kind: "image" as const, name: file.name, file, preview: previewOf(file) };
            setAttachments((list) => [...list, image]);
          }
        } else if (isTextLike(file) || readsOnServer(file)) {
          setAttachments((list) => [...list, { id, kind: "reading", name: file.name }]);
          readText(file).then(
            (read) => replace(id, { id, kind: "text", name: file.name, ...read }),
            (error: unknown) => {
              replace(id, null);
              toast.error(i18next.t("composer.errors.uploadFailed", { ns: "chat" }), {
                description: i18next.t("composer.errors.couldNotRead", {
                  ns: "chat",
                  name: file.name,
                  reason: errorMessage(error),
                }),
              });
            },
          );
        } else {
          toast.error(i18next.t("composer.errors.uploadFailed", { ns: "chat" }), {
            description: i18next.t("composer.errors.notSupported", { ns: "chat", name: file.name }),
          });
        }
      }
    },
    [attachments],
  );

  const remove = useCallback(
    (id: string) => {
      const gone = attachments.find((a) => a.id === id);
      if (gone?.kind === "image" && gone.preview) URL.revokeObjectURL(gone.preview);
      setAttachments((list) => list.filter((a) => a.id !== id));
    },
    [attachments],
  );

  /** After a send: the previews stay alive, the sent message still shows them. */
  const clear = useCallback(() => {
    setText("");
    setAttachments([]);
  }, []);

  const restore = useCallback((prompt: string, files: PendingAttachment[]) => {
    setText(prompt);
    setAttachments(files);
  }, []);

  return {
    text,
    setText,
    attachments,
    /** A file is still being read: sending waits for it. */
    reading: attachments.some((a) => a.kind === "reading"),
    addFiles,
    remove,
    clear,
    restore,
  };
}
