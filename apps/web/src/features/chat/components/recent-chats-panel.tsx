import { CONVERSATION_SEARCH_MAX, type ConversationSummary } from "@tessera/contracts";
import { FolderPlus, MessagesSquare, Plus, RotateCcw } from "lucide-react";
import { Suspense, useEffect, useId, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { SearchInput } from "@/components/ui/search-input";
import { Spinner } from "@/components/ui/spinner";
import { lazyChunk } from "@/lib/chunk-load";
import { toast } from "@/lib/toast";
import { useDebouncedValue } from "@/lib/use-debounced-value";
import { useOpenedOnce } from "@/lib/use-opened-once";
import { cn } from "@/lib/utils";
import { useDeleteConversation } from "../api/delete-conversation";
import { useConversationSearch, useConversations } from "../api/get-conversations";
import { useRenameConversation } from "../api/rename-conversation";
import { useFolderActions, useFolders } from "../api/library-folders";
import { useMessageSearch } from "../api/library-search";
import { ChatDropZone, LibraryFolders } from "./library-folders";
import { LibrarySharedLinksButton } from "./library-shared-links-button";
import { RecentChatItem } from "./recent-chat-item";
import { TitleEditor } from "./title-editor";
import { useTranslation } from "react-i18next";

/** How long the search box waits after the last key before it asks. */
const SEARCH_DEBOUNCE_MS = 250;

// Loaded with the first delete, not with the list.
const DeleteConversationDialog = lazyChunk(() =>
  import("./delete-conversation-dialog").then((m) => ({ default: m.DeleteConversationDialog })),
);

// Loaded with the first search that finds messages.
const LibraryMessageHits = lazyChunk(() =>
  import("./library-message-hits").then((m) => ({ default: m.LibraryMessageHits })),
);

function ListSkeleton() {
  const { t } = useTranslation("chat");
  return (
    <div role="status" aria-label={t("recent.loading")} className="flex flex-col gap-2 px-2.5 py-2">
      {[70, 55, 80, 45].map((w) => (
        <div key={w} className="flex flex-col gap-1.5 py-1.5">
          <div className="h-3.5 animate-pulse rounded bg-muted" style={{ width: `${w}%` }} />
          <div className="h-2.5 w-16 animate-pulse rounded bg-muted/70" />
        </div>
      ))}
    </div>
  );
}

/** Why a list could not be shown, and a way to ask again. */
function ListError({ text, onRetry }: { text: string; onRetry: () => void }) {
  const { t } = useTranslation("chat");
  return (
    <div className="flex flex-col items-center gap-2 px-3 py-8 text-center text-sm text-muted-foreground">
      {text}
      <Button size="sm" variant="ghost" onClick={onRetry}>
        <RotateCcw aria-hidden="true" />
        {t("recent.tryAgain")}
      </Button>
    </div>
  );
}

/** "Show older chats" / "Show more results": the next page, its loading, and its failure. */
function MoreButton({
  pages,
  label,
  failed,
}: {
  pages: {
    fetchNextPage: () => Promise<unknown>;
    isFetchNextPageError: boolean;
    hasNextPage: boolean;
    isFetchingNextPage: boolean;
  };
  label: string;
  failed: string;
}) {
  const { t } = useTranslation("chat");
  const more = () => void pages.fetchNextPage();
  if (pages.isFetchNextPageError) return <ListError text={failed} onRetry={more} />;
  if (!pages.hasNextPage) return null;
  return (
    <Button
      size="sm"
      variant="ghost"
      className="w-full text-muted-foreground"
      disabled={pages.isFetchingNextPage}
      onClick={more}
    >
      {pages.isFetchingNextPage ? <Spinner /> : null}
      {pages.isFetchingNextPage ? t("recent.loadingMore") : label}
    </Button>
  );
}

/**
 * Recent Chats: folders, pinned chats, then the 20 latest conversations and older ones a page at a
 * time; a search of titles and of the words inside messages; a New button, opening, renaming,
 * deleting, pinning and filing.
 */
export function RecentChatsPanel({
  activeId,
  onNew,
  onNavigate,
  onDeleted,
  className,
  inSheet = false,
  focusSearch = false,
  onSearchFocused,
}: {
  activeId: string | null;
  onNew: () => void;
  /** Called after a choice (closes the panel on small screens). */
  onNavigate?: () => void;
  onDeleted: (id: string) => void;
  className?: string;
  /** Leaves room for the sheet's close button in the header. */
  inSheet?: boolean;
  /** Asked to put the cursor in Search chats (Ctrl+K): the panel on screen does, and says so. */
  focusSearch?: boolean;
  onSearchFocused?: () => void;
}) {
  const { t } = useTranslation("chat");
  const list = useConversations();
  const { data } = list;
  const [search, setSearch] = useState("");
  const q = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const found = useConversationSearch(q);
  const hits = useMessageSearch(q);
  const folders = useFolders();
  const folderActions = useFolderActions();
  const [naming, setNaming] = useState(false);
  const remove = useDeleteConversation();
  const rename = useRenameConversation();
  const [pending, setPending] = useState<ConversationSummary | null>(null);
  const deleteMounted = useOpenedOnce(pending !== null);
  const titleId = useId();
  const panel = useRef<HTMLElement>(null);
  const searchBox = useRef<HTMLInputElement>(null);
  useEffect(() => {
    // The panel hidden on this screen (beside the chat, or in the closed sheet) leaves it to the other.
    if (!focusSearch || !panel.current?.getClientRects().length) return;
    searchBox.current?.focus();
    searchBox.current?.select();
    onSearchFocused?.();
  }, [focusSearch, onSearchFocused]);
  const item = (conversation: ConversationSummary) => (
    <RecentChatItem
      key={conversation.id}
      conversation={conversation}
      active={conversation.id === activeId}
      onOpen={onNavigate}
      onRename={(c, title) => rename(c.id, title)}
      onDelete={setPending}
      folders={folders.data ?? []}
    />
  );

  const confirmDelete = (conversation: ConversationSummary) => {
    setPending(null);
    remove.mutate(conversation.id, {
      onSuccess: () => {
        toast.success(t("recent.deleted"));
        onDeleted(conversation.id);
      },
      onError: () => toast.error(t("recent.deleteFailed")),
    });
  };

  return (
    <aside ref={panel} aria-labelledby={titleId} className={cn("flex min-h-0 flex-col", className)}>
      <div
        className={cn(
          "flex h-12 shrink-0 items-center justify-between gap-2 border-b px-3",
          inSheet && "pe-12",
        )}
      >
        <h2 id={titleId} className="text-sm font-semibold tracking-tight">
          {t("recent.title")}
        </h2>
        <span className="ms-auto flex items-center gap-0.5">
          <LibrarySharedLinksButton />
          <Button
            size="icon"
            variant="ghost"
            className="size-8 text-muted-foreground"
            aria-label={t("recent.newFolder")}
            title={t("recent.newFolder")}
            onClick={() => setNaming(true)}
          >
            <FolderPlus aria-hidden="true" />
          </Button>
        </span>
        <Button
          size="sm"
          variant="outline"
          title={t("recent.newChatHint")}
          aria-keyshortcuts="Control+Shift+O Meta+Shift+O"
          onClick={() => {
            onNew();
            onNavigate?.();
          }}
        >
          <Plus aria-hidden="true" />
          {t("recent.new")}
        </Button>
      </div>
      {naming ? (
        <div className="shrink-0 px-2 pt-2">
          <TitleEditor
            initial=""
            onDone={(name) => {
              setNaming(false);
              if (name) folderActions.create.mutate(name);
            }}
          />
        </div>
      ) : null}
      {(data && data.length > 0) || (folders.data && folders.data.length > 0) ? (
        <div role="search" className="shrink-0 px-2 pt-2">
          <SearchInput
            ref={searchBox}
            compact
            aria-label={t("recent.search")}
            title={t("recent.searchHint")}
            aria-keyshortcuts="Control+K Meta+K"
            placeholder={t("recent.search")}
            maxLength={CONVERSATION_SEARCH_MAX}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
        </div>
      ) : null}
      <nav aria-label={t("recent.conversations")} className="scroll-area min-h-0 flex-1 overflow-y-auto p-2">
        {q !== "" ? (
          <>
            {found.isPending ? <ListSkeleton /> : null}
            {found.isError && !found.data ? (
              <ListError text={t("recent.searchChatsFailed")} onRetry={() => void found.refetch()} />
            ) : null}
            {found.data && found.data.length === 0 && !hits.isPending && !hits.data?.length ? (
              <p className="px-3 py-8 text-center text-sm text-muted-foreground">
                {t("recent.noMatch", { query: q })}
              </p>
            ) : null}
            {found.data && found.data.length > 0 ? (
              <>
                <h3 className="px-2.5 pt-1 pb-1 text-xs font-medium text-muted-foreground">
                  {t("recent.chats")}
                </h3>
                <ul aria-label={t("recent.chatsFound")} className="flex flex-col gap-0.5">
                  {found.data.map(item)}
                </ul>
              </>
            ) : null}
            <MoreButton
              pages={found}
              label={t("recent.moreResults")}
              failed={t("recent.searchChatsFailed")}
            />
            {hits.isError && !hits.data ? (
              <ListError text={t("recent.searchMessagesFailed")} onRetry={() => void hits.refetch()} />
            ) : null}
            {hits.data && hits.data.length > 0 ? (
              <>
                <h3 className="px-2.5 pt-3 pb-1 text-xs font-medium text-muted-foreground">
                  {t("recent.messages")}
                </h3>
                <Suspense fallback={null}>
                  <LibraryMessageHits hits={hits.data} onOpen={onNavigate} />
                </Suspense>
              </>
            ) : null}
            <MoreButton
              pages={hits}
              label={t("recent.moreMessages")}
              failed={t("recent.searchMessagesFailed")}
            />
          </>
        ) : null}
        {q === "" && list.isPending ? <ListSkeleton /> : null}
        {q === "" && list.isError && !data ? (
          <ListError text={t("recent.loadFailed")} onRetry={() => void list.refetch()} />
        ) : null}
        {q === "" && data && data.length === 0 ? (
          <div className="flex flex-col items-center gap-2 px-3 py-10 text-center">
            <MessagesSquare className="size-8 text-muted-foreground/60" aria-hidden="true" />
            <p className="text-sm font-medium">{t("recent.none")}</p>
            <p className="text-xs text-muted-foreground">{t("recent.noneHint")}</p>
          </div>
        ) : null}
        {q === "" && folders.data ? <LibraryFolders folders={folders.data} renderChat={item} /> : null}
        {q === "" && data && data.length > 0 ? (
          // Dropping a chat on the list takes it out of its folder.
          <ChatDropZone folderId={null} label={t("recent.notInFolder")}>
            <ul className="flex flex-col gap-0.5">{data.map(item)}</ul>
            <MoreButton pages={list} label={t("recent.olderChats")} failed={t("recent.olderFailed")} />
          </ChatDropZone>
        ) : null}
      </nav>
      {deleteMounted ? (
        <Suspense fallback={null}>
          <DeleteConversationDialog
            conversation={pending}
            onCancel={() => setPending(null)}
            onConfirm={confirmDelete}
          />
        </Suspense>
      ) : null}
    </aside>
  );
}
