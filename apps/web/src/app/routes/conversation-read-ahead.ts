// Arriving at the chat by its address (a link, a reload, a bookmark, signing in), the page's code and
// what it first shows are fetched side by side: the chat route's loader starts reading the recent
// conversations, the models and the conversation in the address while the chat's code is still on its
// way, and the page takes those answers instead of asking again (features/chat/api/chat-read-ahead.ts).
// Once the chat's code is in, the page reads for itself: a loader would only add reads of what the
// page already holds, or of a conversation it has just started.
import type { LoaderFunctionArgs } from "react-router";
import { readChatAhead } from "@/features/chat/api/chat-read-ahead";
import { readStoredSession } from "@/lib/auth-storage";

/** The chat route's loader, and what its `lazy` calls once the page's code has arrived. */
export function conversationReadAhead() {
  let codeLoaded = false;
  return {
    codeLoaded: () => {
      codeLoaded = true;
    },
    loader: ({ request }: Pick<LoaderFunctionArgs, "request">) => {
      // Signed out, the page goes to sign-in: nothing to read.
      if (codeLoaded || !readStoredSession()?.token) return null;
      readChatAhead(new URL(request.url).searchParams.get("conversation"));
      return null;
    },
  };
}
