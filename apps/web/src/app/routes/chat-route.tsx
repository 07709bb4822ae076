// /dashboard/chat with the prompt library in the chat page's slot. The library's code is loaded the
// first time it is opened, not with the chat.
import { Suspense, useState } from "react";
import { ChatPage, type PromptLibrarySlot } from "@/features/chat/components/chat-page";
import { lazyChunk } from "@/lib/chunk-load";

const PromptLibraryDialog = lazyChunk(() =>
  import("@/features/prompts/components/prompt-library-dialog").then((m) => ({
    default: m.PromptLibraryDialog,
  })),
);

function LazyPromptLibrary(props: Parameters<PromptLibrarySlot>[0]) {
  // Once opened it stays mounted, so closing it plays out and reopening is instant.
  const [wanted, setWanted] = useState(props.open);
  if (props.open && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <PromptLibraryDialog {...props} />
    </Suspense>
  );
}

const promptLibrary: PromptLibrarySlot = (props) => <LazyPromptLibrary {...props} />;

export function ChatRoute() {
  return <ChatPage promptLibrary={promptLibrary} />;
}
