// Arriving at a conversation's address (a link, a reload, a bookmark), the page's code and the
// conversation's messages are fetched side by side: the chat route's loader starts the read while the
// chat's code is still on its way, and the page, once it opens the conversation, takes that read
// instead of making its own (features/chat/api/read-messages-ahead.ts). Once the chat's code is in,
// the page reads for itself: a loader would only add a read of a conversation the page just started.
import type { LoaderFunctionArgs } from "react-router";
import { readMessagesAhead } from "@/features/chat/api/read-messages-ahead";
import { readStoredSession } from "@/lib/auth-storage";

/** The chat route's loader, and what its `lazy` calls once the page's code has arrived. */
export function conversationReadAhead() {
  let codeLoaded = false;
  return {
    codeLoaded: () => {
      codeLoaded = true;
    },
    loader: ({ request }: Pick<LoaderFunctionArgs, "request">) => {
      const id = new URL(request.url).searchParams.get("conversation");
      // Signed out, the page goes to sign-in: nothing to read.
      if (codeLoaded || !id || !readStoredSession()?.token) return null;
      readMessagesAhead(id);
      return null;
    },
  };
}
