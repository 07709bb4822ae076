// /dashboard/chat with the prompt library in the chat page's slot, and for instance admins the
// "Connect a model" card above its welcome. The library's code is loaded the first time it is opened,
// the card's only for an admin: neither comes with the chat.
import { Suspense, useState } from "react";
import { ChatPage, type PromptLibrarySlot } from "@/features/chat/components/chat-page";
import { useAuth } from "@/lib/auth-context";
import { lazyChunk } from "@/lib/chunk-load";
import { withTexts } from "@/lib/i18n";

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

// Its texts are a namespace of their own, so an admin's chat does not fetch all of the admin pages'.
const ConnectModelCard = lazyChunk(
  withTexts(["connect"], () =>
    import("@/features/admin/components/connect-model-card").then((m) => ({ default: m.ConnectModelCard })),
  ),
);

const promptLibrary: PromptLibrarySlot = (props) => <LazyPromptLibrary {...props} />;

export function ChatRoute() {
  const { user } = useAuth();
  const notice =
    user?.role === "admin" ? (
      <Suspense fallback={null}>
        <ConnectModelCard />
      </Suspense>
    ) : null;
  return <ChatPage promptLibrary={promptLibrary} notice={notice} />;
}
