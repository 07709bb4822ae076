import { MAX_MESSAGE_CHARS } from "@tessera/contracts";
import { ArrowUp, Bot, Paperclip, Square, TriangleAlert } from "lucide-react";
import { Suspense, useLayoutEffect, useRef, type KeyboardEvent, type ReactNode, type RefObject } from "react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { lazyChunk } from "@/lib/chunk-load";
import { lengthFieldProps, LengthNote, useLengthLimit } from "@/components/ui/length-limit";
import { useStopGrace } from "@/lib/use-stop-grace";
import { cn } from "@/lib/utils";
import { ACCEPTED_FILES, type PendingAttachment } from "../hooks/use-composer";
import { composeMessage } from "../utils/chat-message";
import { appendTranscript } from "../hooks/use-dictation";
import { useDraftIdle } from "../hooks/use-draft-idle";
import { DictationButton } from "./dictation-button";
import { PromptLibraryButton } from "./prompt-library-button";
import { useTranslation } from "react-i18next";

const MAX_HEIGHT_PX = 200;

// Loaded with the first file attached, while it is read.
const AttachmentChips = lazyChunk(() =>
  import("./attachment-chips").then((m) => ({ default: m.AttachmentChips })),
);

interface ChatComposerProps {
  text: string;
  onTextChange: (text: string) => void;
  attachments: PendingAttachment[];
  onAddFiles: (files: File[]) => void;
  onRemoveAttachment: (id: string) => void;
  /** A message is on its way: Stop replaces Send. */
  busy: boolean;
  /** A file is still being read. */
  reading: boolean;
  onSend: () => void;
  onStop: () => void;
  modelName: string;
  onOpenPicker: () => void;
  /** The picker icon turns once after a choice (spec §9: 700 ms). */
  pickerSpinning: boolean;
  /** Why the chosen model cannot answer now, if it cannot. */
  unavailableReason: string | null;
  /** For an instance admin, where the missing provider is connected (Admin → Connections). */
  connectHref?: string;
  /** Opens the prompt library; without it the library button shows as unavailable. */
  onOpenPromptLibrary?: () => void;
  /** The message box, for a caller that moves focus into it. */
  inputRef?: RefObject<HTMLTextAreaElement | null>;
  /** The Tools button, beside the prompt library. */
  toolsButton?: ReactNode;
  /** Knowledge bases by `#`: chips and picker above the box, its keys first, the box's list wiring. */
  mention?: {
    chips: ReactNode;
    picker: ReactNode;
    onKeyDown: (event: KeyboardEvent<HTMLTextAreaElement>) => boolean;
    onSelect: () => void;
    inputProps: { "aria-controls"?: string; "aria-activedescendant"?: string; "aria-expanded"?: boolean };
  };
}

/** The message box docked under the conversation, with its file, model and prompt buttons. */
export function ChatComposer(props: ChatComposerProps) {
  const { t } = useTranslation("chat");
  const { text, onTextChange, busy, reading, onSend, onStop } = props;
  const ownBox = useRef<HTMLTextAreaElement>(null);
  const box = props.inputRef ?? ownBox;
  const files = useRef<HTMLInputElement>(null);
  const idle = useDraftIdle(text);
  // What will be sent: the text and the attached files' texts (chat-message.ts), as the server counts it.
  const texts = props.attachments.flatMap((a) => (a.kind === "text" ? [a] : []));
  const limit = useLengthLimit(composeMessage(text, texts).length, MAX_MESSAGE_CHARS);
  const canSend = Boolean(text.trim()) && !reading && !busy && !limit.tooLong;
  const afterStop = useStopGrace(busy, text);

  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    el.style.height = "auto";
    el.style.height = `${Math.min(el.scrollHeight, MAX_HEIGHT_PX)}px`;
  }, [text, box]);

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (props.mention?.onKeyDown(event)) return;
    if (event.key !== "Enter" || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    if (canSend) onSend();
  };

  return (
    <div className="shrink-0 px-3 pb-3 sm:px-6 sm:pb-5">
      <form
        className="mx-auto flex w-full max-w-3xl flex-col gap-1.5"
        onSubmit={(event) => {
          event.preventDefault();
          if (canSend) onSend();
        }}
      >
        {props.unavailableReason ? (
          <p className="flex items-center gap-2 rounded-lg border border-amber-500/30 bg-amber-500/8 px-3 py-2 text-xs text-amber-800 dark:text-amber-300">
            <TriangleAlert className="size-3.5 shrink-0" aria-hidden="true" />
            <span>
              {t("composer.unavailable", { model: props.modelName, reason: props.unavailableReason })}
              {props.connectHref ? (
                <>
                  {" "}
                  <Link to={props.connectHref} className="font-medium underline underline-offset-2">
                    {t("composer.connectProvider")}
                  </Link>
                </>
              ) : null}
            </span>
          </p>
        ) : null}
        <LengthNote
          limit={limit}
          verb="send"
          advice={texts.length ? t("composer.shortenAdvice") : undefined}
          className="px-1"
        />
        <div className="relative rounded-2xl border bg-card shadow-sm shadow-black/[0.04] transition-shadow focus-within:border-ring/60 focus-within:ring-[3px] focus-within:ring-ring/15">
          {props.mention?.picker}
          {props.mention?.chips}
          {props.attachments.length > 0 ? (
            <Suspense fallback={null}>
              <AttachmentChips attachments={props.attachments} onRemove={props.onRemoveAttachment} />
            </Suspense>
          ) : null}
          <textarea
            ref={box}
            aria-label={t("composer.message")}
            {...lengthFieldProps(limit)}
            rows={1}
            value={text}
            onChange={(event) => onTextChange(event.target.value)}
            onKeyDown={onKeyDown}
            onSelect={props.mention?.onSelect}
            {...props.mention?.inputProps}
            placeholder={t("composer.placeholder", { model: props.modelName })}
            className="block max-h-[200px] min-h-[3.25rem] w-full resize-none bg-transparent px-4 pt-3.5 pb-1 text-[0.95rem] outline-none placeholder:text-muted-foreground/75"
          />
          <div className="flex items-center gap-1 px-2 pb-2">
            <input
              ref={files}
              type="file"
              multiple
              hidden
              accept={ACCEPTED_FILES}
              data-testid="chat-file-input"
              onChange={(event) => {
                props.onAddFiles(Array.from(event.target.files ?? []));
                event.target.value = "";
              }}
            />
            <Button
              variant="ghost"
              size="icon"
              aria-label={t("composer.attach")}
              title={t("composer.attachHint")}
              className="size-8 text-muted-foreground"
              onClick={() => files.current?.click()}
            >
              <Paperclip aria-hidden="true" />
            </Button>
            <Button
              variant="ghost"
              size="sm"
              aria-label={t("composer.chooseModel", { model: props.modelName })}
              title={t("composer.currentModel", { model: props.modelName })}
              onClick={props.onOpenPicker}
              className="h-8 max-w-[12rem] gap-1.5 px-2 text-muted-foreground"
            >
              <Bot className={cn(props.pickerSpinning && "animate-spin-once")} aria-hidden="true" />
              <span className="truncate">{props.modelName}</span>
            </Button>
            <PromptLibraryButton onOpen={props.onOpenPromptLibrary} />
            {props.toolsButton}
            <p
              data-testid="draft-indicator"
              className={cn(
                "ms-auto hidden truncate pe-2 text-xs text-muted-foreground transition-opacity duration-300 sm:block",
                idle && !busy ? "opacity-100" : "opacity-0",
              )}
              aria-hidden={!idle || busy}
            >
              {idle && !busy ? t("composer.pausedTyping") : ""}
            </p>
            <DictationButton
              className="ms-auto sm:ms-0"
              onTranscript={(spoken) => {
                onTextChange(appendTranscript(text, spoken));
                box.current?.focus();
              }}
            />
            {busy ? (
              <Button
                key="stop"
                type="button"
                size="icon"
                aria-label={t("composer.stop")}
                onClick={onStop}
                className="size-8 rounded-lg"
              >
                <Square className="size-3.5 fill-current" aria-hidden="true" />
              </Button>
            ) : (
              <Button
                key="send"
                type="submit"
                size="icon"
                aria-label={t("composer.send")}
                disabled={!canSend}
                onClick={afterStop}
                className="size-8 rounded-lg"
              >
                <ArrowUp aria-hidden="true" />
              </Button>
            )}
          </div>
        </div>
        <p className="text-center text-[0.7rem] text-muted-foreground">{t("composer.disclaimer")}</p>
      </form>
    </div>
  );
}
