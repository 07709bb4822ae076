import { Columns3, Download, History, Pencil, X } from "lucide-react";
import { Suspense } from "react";
import { Link, useSearchParams } from "react-router";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { lazyChunk } from "@/lib/chunk-load";
import type { ChatInterface } from "@/lib/local-preferences";
import { FavoriteModelChips } from "./favorite-model-chips";
import { LibraryShareButton } from "./library-share-button";
import { TitleEditor, useTitleRename } from "./title-editor";
import { useTranslation } from "react-i18next";

// Shown only with the streamingChatV2 flag on: its code loads then, not with every chat.
const InterfaceToggle = lazyChunk(() =>
  import("./interface-toggle").then((m) => ({ default: m.InterfaceToggle })),
);

/** The assistant a chat answers as, shown in the toolbar with a way to leave it. */
export interface ToolbarAssistant {
  avatar: string;
  name: string;
}

/** The bar above the conversation: its title, the assistant, favorite models and the interface switch. */
export function ChatToolbar({
  title,
  modelId,
  onSelectModel,
  onShowRecent,
  chatInterface,
  onInterfaceChange,
  assistant = null,
  onLeaveAssistant,
  onExport,
  exporting = false,
  onRename,
}: {
  title: string;
  modelId: string | null;
  onSelectModel: (id: string) => void;
  onShowRecent: () => void;
  /** Present only when the streamingChatV2 flag is on. */
  chatInterface: ChatInterface | null;
  onInterfaceChange: (next: ChatInterface) => void;
  assistant?: ToolbarAssistant | null;
  onLeaveAssistant?: () => void;
  /** Downloads the open conversation as Markdown; absent when there is none to download. */
  onExport?: () => void;
  exporting?: boolean;
  /** Saves a new title for the open conversation; absent when there is none to rename. */
  onRename?: (title: string) => Promise<void>;
}) {
  // The conversation open, as the address names it: a new chat has none to share yet.
  const { t } = useTranslation("chat");
  const [params] = useSearchParams();
  const conversationId = params.get("conversation");
  return (
    <div className="flex h-12 shrink-0 items-center gap-2 border-b px-3 sm:px-4">
      <Button
        variant="ghost"
        size="icon"
        className="size-8 lg:hidden"
        aria-label={t("toolbar.showRecent")}
        onClick={onShowRecent}
      >
        <History aria-hidden="true" />
      </Button>
      {assistant ? (
        <span
          data-testid="chat-assistant"
          className="flex max-w-[45%] shrink-0 items-center gap-1.5 rounded-full border bg-accent/60 py-0.5 ps-2 pe-0.5 text-sm"
        >
          <span aria-hidden="true">{assistant.avatar}</span>
          <span className="truncate font-medium">
            <span className="sr-only">{t("toolbar.chattingWith")} </span>
            {assistant.name}
          </span>
          <button
            type="button"
            aria-label={t("toolbar.leaveAssistantNamed", { name: assistant.name })}
            title={t("toolbar.leaveAssistant")}
            onClick={onLeaveAssistant}
            className="flex size-6 shrink-0 items-center justify-center rounded-full text-muted-foreground transition outline-none hover:bg-background hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/40"
          >
            <X className="size-3.5" aria-hidden="true" />
          </button>
        </span>
      ) : null}
      <ChatTitle title={title} onRename={onRename} />
      <div className="ms-auto flex items-center gap-2">
        <FavoriteModelChips current={modelId} onSelect={onSelectModel} />
        {onExport ? (
          <Button
            variant="ghost"
            size="icon"
            className="size-8 text-muted-foreground"
            aria-label={t("toolbar.download")}
            title={t("toolbar.downloadHint")}
            disabled={exporting}
            onClick={onExport}
          >
            {exporting ? <Spinner /> : <Download aria-hidden="true" />}
          </Button>
        ) : null}
        {conversationId ? <LibraryShareButton key={conversationId} conversationId={conversationId} /> : null}
        <Button asChild variant="ghost" size="sm" className="text-muted-foreground">
          <Link to="/dashboard/compare?new=1" title={t("toolbar.compareHint")}>
            <Columns3 aria-hidden="true" />
            <span className="sr-only sm:not-sr-only">{t("toolbar.compare")}</span>
          </Link>
        </Button>
        {chatInterface ? (
          <Suspense fallback={null}>
            <InterfaceToggle value={chatInterface} onChange={onInterfaceChange} />
          </Suspense>
        ) : null}
      </div>
    </div>
  );
}

/** The conversation's title, with a pencil that turns it into a box (Enter or leaving it saves). */
function ChatTitle({ title, onRename }: { title: string; onRename?: (title: string) => Promise<void> }) {
  const { t } = useTranslation("chat");
  const rename = useTitleRename((next) => onRename?.(next) ?? Promise.resolve());
  const shown = rename.saving ?? title;

  if (rename.editing && onRename)
    return (
      <TitleEditor
        initial={title}
        className="min-w-0 flex-1 bg-transparent py-0 ps-1 sm:max-w-md"
        onDone={rename.done}
      />
    );
  return (
    <div className="flex min-w-0 items-center gap-1">
      <h1 dir="auto" className="min-w-0 truncate text-sm font-medium" data-testid="chat-title">
        {shown}
      </h1>
      {onRename ? (
        <Button
          ref={rename.pencil}
          variant="ghost"
          size="icon"
          className="size-7 shrink-0 text-muted-foreground"
          aria-label={t("toolbar.rename")}
          title={t("recent.rename")}
          disabled={rename.saving !== null}
          onClick={rename.start}
        >
          <Pencil className="size-3.5" aria-hidden="true" />
        </Button>
      ) : null}
    </div>
  );
}
