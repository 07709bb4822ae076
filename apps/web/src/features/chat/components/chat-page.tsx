// /dashboard/chat (spec §2 "Chat page"). The address holds what can be shared or reloaded:
// `?conversation=` opens a stored conversation, `?model=` preselects an allowed model, `?assistant=`
// answers as one of the person's assistants.
import {
  DEFAULT_CHAT_MODEL_ID,
  GUIDE_MODEL_ID,
  providerSupportsTools,
  resolveUrlModel,
} from "@tessera/contracts";
import { Suspense, useCallback, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { FeatureErrorBoundary } from "@/components/error-boundary";
import { useAuth } from "@/lib/auth-context";
import { lazyChunk } from "@/lib/chunk-load";
import { useFeatureFlags } from "@/lib/features";
import { rememberRecentPrompt, saveChatInterface, useChatInterface } from "@/lib/local-preferences";
import { toast } from "@/lib/toast";
import { useDocumentTitle } from "@/lib/use-document-title";
import { useOpenedOnce } from "@/lib/use-opened-once";
import { useExportConversation } from "../api/export-conversation";
import { useConversationTitle } from "../api/get-conversations";
import { useRenameConversation } from "../api/rename-conversation";
import { useModelInfo } from "../api/get-models";
import { useChatAssistant } from "../hooks/use-chat-assistant";
import { useChatSession } from "../hooks/use-chat-session";
import { useChatShortcuts } from "../hooks/use-chat-shortcuts";
import { useComposer } from "../hooks/use-composer";
import { useModelChoice } from "../hooks/use-model-choice";
import { useToolChoice } from "../hooks/use-tool-choice";
import { useCollectionChoice } from "../hooks/use-collection-choice";
import { prefersReducedMotion, RevealReportContext, useRevealTracker } from "../hooks/use-smooth-text";
import { ChatComposer } from "./chat-composer";
import { ToolsButton } from "./tools-button";
import { CollectionChips, CollectionPicker, optionId, PICKER_ID } from "./collection-picker";
import { ChatEmptyState } from "./chat-empty-state";
import { ChatToolbar } from "./chat-toolbar";
import { ChatWelcome } from "./chat-welcome";
import { IntroOverlay } from "./intro-overlay";
import { MessageList } from "./message-list";
import { RecentChatsPanel } from "./recent-chats-panel";
import { useTranslation } from "react-i18next";

// Closed until asked for: their code (and the dialog machinery) loads when first opened.
const ModelPickerDialog = lazyChunk(() =>
  import("./model-picker-dialog").then((m) => ({ default: m.ModelPickerDialog })),
);
const RecentChatsSheet = lazyChunk(() =>
  import("./recent-chats-sheet").then((m) => ({ default: m.RecentChatsSheet })),
);
// Shown only in the Tools popover, which itself loads on first use.
const CollectionSwitches = lazyChunk(() =>
  import("./collection-switches").then((m) => ({ default: m.CollectionSwitches })),
);

/** Where Recent Chats stands beside the chat (its `lg:flex`); below it, the panel is a sheet. */
const RECENT_PANEL_SHOWN = "(min-width: 64rem)";

/** Session storage key of a prompt handed to the chat by another page (spec §3). */
export const CHAT_PREFILL_KEY = "chat-prefill";

function readPrefill(): string | null {
  try {
    return sessionStorage.getItem(CHAT_PREFILL_KEY);
  } catch {
    return null;
  }
}

/** Where the app puts the prompt library (features do not import each other; app/ composes). */
export type PromptLibrarySlot = (props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Called with the chosen prompt's text once the library has closed. */
  onUse: (text: string) => void;
}) => ReactNode;

export function ChatPage({
  promptLibrary,
  notice,
}: {
  promptLibrary?: PromptLibrarySlot;
  /** Shown above the welcome screen (the admin's "Connect a model", composed in app/). */
  notice?: ReactNode;
} = {}) {
  const { t } = useTranslation("chat");
  useDocumentTitle(t("page.documentTitle"));
  const isAdmin = useAuth().user?.role === "admin";
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const urlConversation = params.get("conversation");
  const urlModel = resolveUrlModel(params.get("model"));
  const flags = useFeatureFlags();
  const savedInterface = useChatInterface();
  const chatInterface = flags.streamingChatV2 ? savedInterface : "old";

  const [prefill] = useState(readPrefill);
  // A prefill defaults the model to the guide (the spec's "core" is one of its legacy aliases).
  const choice = useModelChoice(urlModel ?? (prefill !== null ? GUIDE_MODEL_ID : null));
  const { model, setModel } = choice;
  const composer = useComposer(prefill ?? "");
  const [pickerOpen, setPickerOpen] = useState(false);
  const [recentOpen, setRecentOpen] = useState(false);
  const [libraryOpen, setLibraryOpen] = useState(false);
  const messageBox = useRef<HTMLTextAreaElement>(null);
  const info = useModelInfo(model ?? DEFAULT_CHAT_MODEL_ID);
  const conversationTitle = useConversationTitle(urlConversation);
  const download = useExportConversation();
  const rename = useRenameConversation();
  const persona = useChatAssistant({ onModel: setModel });
  const toolChoice = useToolChoice(urlConversation);
  const knowledge = useCollectionChoice({ text: composer.text, setText: composer.setText, box: messageBox });

  const session = useChatSession({
    onConversationStarted: (id) => {
      toolChoice.carryTo(id, toolChoice.tools);
      void navigate(persona.withAssistant(`/dashboard/chat?conversation=${id}`), { replace: true });
    },
    onRestore: composer.restore,
    onConversationDiscarded: () => void navigate(persona.withAssistant("/dashboard/chat"), { replace: true }),
  });
  const { open, reset, conversationId } = session;
  // Stop stays until the answer is shown whole, not only until its last word has arrived.
  const reveal = useRevealTracker();

  useEffect(() => {
    if (prefill !== null) sessionStorage.removeItem(CHAT_PREFILL_KEY);
  }, [prefill]);

  useEffect(() => {
    if (urlModel) setModel(urlModel);
  }, [urlModel, setModel]);

  // The address leads: a new `conversation` opens it, none starts afresh. The conversation this page
  // just created is already on screen and is not loaded again.
  useEffect(() => {
    if (urlConversation === conversationId()) return;
    if (!urlConversation) return reset();
    void open(urlConversation).then((result) => {
      if (result.status === "loaded" && result.model) setModel(result.model);
      if (result.status === "failed") void navigate("/dashboard/chat", { replace: true });
    });
  }, [urlConversation, open, reset, conversationId, navigate, setModel]);

  const startNew = useCallback(() => {
    reset();
    void navigate("/dashboard/chat");
  }, [reset, navigate]);

  // Ctrl+K: the cursor in Search chats, in the panel beside the chat or, on a small screen, in the sheet.
  const [searchWanted, setSearchWanted] = useState(false);
  const searchFocused = useCallback(() => setSearchWanted(false), []);
  useChatShortcuts({
    onNewChat: () => {
      startNew();
      messageBox.current?.focus();
    },
    onSearchChats: () => {
      setSearchWanted(true);
      if (!window.matchMedia(RECENT_PANEL_SHOWN).matches) setRecentOpen(true);
    },
  });

  /** The model, research, reveal and assistant a turn goes with: those chosen now. */
  const turnChoices = () => {
    const activeModel = model ?? DEFAULT_CHAT_MODEL_ID;
    if (!model) setModel(activeModel);
    return {
      model: activeModel,
      research: Boolean(info?.research),
      reveal: chatInterface === "old" && flags.typewriterEffects && !prefersReducedMotion(),
      assistantId: persona.assistantId,
      tools: toolChoice.tools,
      collectionIds: knowledge.ids,
    };
  };

  const send = () => {
    const prompt = composer.text;
    const attachments = composer.attachments;
    if (!prompt.trim() || session.busy || composer.reading) return;
    composer.clear();
    rememberRecentPrompt(prompt);
    void session.send({ prompt, attachments, ...turnChoices() }).then((accepted) => {
      if (!accepted) composer.restore(prompt, attachments);
    });
  };

  // One function for the page's life: the last answer (a memo) is not drawn again as the input changes.
  const choicesNow = useRef(turnChoices);
  useLayoutEffect(() => {
    choicesNow.current = turnChoices;
  });
  const { regenerate: answerAgain, showBranch } = session;
  const regenerate = useCallback(
    (answerId: string) => void answerAgain({ ...choicesNow.current(), answerId }),
    [answerAgain],
  );
  const editQuestion = useCallback(
    (answerId: string, message: string) => void answerAgain({ ...choicesNow.current(), message, answerId }),
    [answerAgain],
  );
  const showVersion = useCallback((messageId: string) => void showBranch(messageId), [showBranch]);

  const welcome =
    model === null &&
    !urlConversation &&
    !persona.assistantId &&
    session.messages.length === 0 &&
    !session.live;
  // Wherever the model is chosen from, leaving the welcome screen plays the intro ("after a model is
  // selected").
  const chooseModel = (id: string) => choice.choose(id, { intro: welcome });
  const title = urlConversation ? (conversationTitle ?? t("page.conversation")) : t("page.newChat");
  const pickerMounted = useOpenedOnce(pickerOpen);
  const recentMounted = useOpenedOnce(recentOpen);
  const recentPanel = (className: string, inSheet = false) => (
    <RecentChatsPanel
      className={className}
      inSheet={inSheet}
      activeId={urlConversation}
      onNew={startNew}
      onNavigate={() => setRecentOpen(false)}
      onDeleted={(id) => id === conversationId() && startNew()}
      focusSearch={searchWanted}
      onSearchFocused={searchFocused}
    />
  );

  return (
    <div className="flex h-[calc(100svh-3.5rem)] min-h-0 w-full">
      {recentPanel("hidden w-64 shrink-0 border-e bg-sidebar/50 lg:flex xl:w-72")}
      {recentMounted ? (
        <Suspense fallback={null}>
          <RecentChatsSheet open={recentOpen} onOpenChange={setRecentOpen}>
            {recentPanel("h-full", true)}
          </RecentChatsSheet>
        </Suspense>
      ) : null}
      <section aria-label={t("page.label")} className="relative flex min-w-0 flex-1 flex-col">
        <ChatToolbar
          title={title}
          modelId={model}
          onSelectModel={chooseModel}
          onShowRecent={() => setRecentOpen(true)}
          chatInterface={flags.streamingChatV2 ? chatInterface : null}
          onInterfaceChange={saveChatInterface}
          assistant={persona.assistant}
          onLeaveAssistant={persona.leave}
          onExport={
            urlConversation && !session.busy
              ? () =>
                  download.mutate(urlConversation, {
                    onError: () => toast.error(t("page.downloadFailed")),
                  })
              : undefined
          }
          exporting={download.isPending}
          onRename={
            urlConversation && conversationTitle !== undefined
              ? (next) => rename(urlConversation, next)
              : undefined
          }
        />
        <FeatureErrorBoundary feature="chat">
          {welcome ? (
            <div className="scroll-area min-h-0 flex-1 overflow-y-auto">
              {notice}
              <ChatWelcome onChoose={chooseModel} onSuggestion={composer.setText} />
            </div>
          ) : (
            <RevealReportContext value={reveal.report}>
              <MessageList
                messages={session.messages}
                live={session.live}
                layout={chatInterface === "new" ? "new" : "classic"}
                loading={session.loadingHistory}
                older={session.older}
                onLoadOlder={session.loadOlder}
                onRegenerate={session.busy ? undefined : regenerate}
                onEdit={session.busy ? undefined : editQuestion}
                onShowVersion={session.busy ? undefined : showVersion}
                conversationId={urlConversation}
                empty={<ChatEmptyState model={persona.present(info)} onSuggestion={composer.setText} />}
              />
            </RevealReportContext>
          )}
          <ChatComposer
            text={composer.text}
            onTextChange={composer.setText}
            attachments={composer.attachments}
            onAddFiles={composer.addFiles}
            onRemoveAttachment={composer.remove}
            busy={session.busy || reveal.revealing}
            reading={composer.reading}
            onSend={send}
            onStop={session.stop}
            modelName={info?.name ?? "Tessa"}
            onOpenPicker={() => setPickerOpen(true)}
            pickerSpinning={choice.spinning}
            unavailableReason={info && !info.available ? info.unavailableReason : null}
            connectHref={
              isAdmin && info && !info.available && info.needsConnection
                ? "/dashboard/admin/connections"
                : undefined
            }
            onOpenPromptLibrary={promptLibrary ? () => setLibraryOpen(true) : undefined}
            inputRef={messageBox}
            toolsButton={
              <ToolsButton
                selected={toolChoice.tools}
                onChange={toolChoice.choose}
                canUseTools={providerSupportsTools(info?.provider)}
                knowledge={
                  <Suspense fallback={null}>
                    <CollectionSwitches chosen={knowledge.chosen} onToggle={knowledge.toggle} />
                  </Suspense>
                }
              />
            }
            mention={{
              chips: <CollectionChips chosen={knowledge.chosen} onRemove={knowledge.remove} />,
              picker: <CollectionPicker picker={knowledge.picker} />,
              onKeyDown: knowledge.onKeyDown,
              onSelect: knowledge.onSelect,
              inputProps: knowledge.picker.open
                ? {
                    "aria-controls": PICKER_ID,
                    "aria-expanded": true,
                    ...(knowledge.picker.options[knowledge.picker.active]
                      ? {
                          "aria-activedescendant": optionId(
                            knowledge.picker.options[knowledge.picker.active]!.id,
                          ),
                        }
                      : {}),
                  }
                : {},
            }}
          />
        </FeatureErrorBoundary>
        {choice.intro ? <IntroOverlay modelName={info?.name ?? "Tessa"} onDone={choice.endIntro} /> : null}
      </section>
      {pickerMounted ? (
        <Suspense fallback={null}>
          <ModelPickerDialog
            open={pickerOpen}
            onOpenChange={setPickerOpen}
            selected={model ?? DEFAULT_CHAT_MODEL_ID}
            onSelect={chooseModel}
          />
        </Suspense>
      ) : null}
      {promptLibrary?.({
        open: libraryOpen,
        onOpenChange: setLibraryOpen,
        onUse: (text) => {
          composer.setText(text);
          messageBox.current?.focus();
        },
      })}
    </div>
  );
}
