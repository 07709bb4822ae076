// "Continue in chat": the server makes a conversation of the prompt and the chosen answer, and the
// chat opens it.
import { useNavigate } from "react-router";
import { useContinueInChat } from "../api/continue-in-chat";
import { showComparisonError } from "../utils/compare-toasts";

export function useContinueInChatAction() {
  const navigate = useNavigate();
  const mutation = useContinueInChat();
  const continueWith = (comparisonId: string, responseId: string) =>
    mutation.mutate(
      { comparisonId, responseId },
      {
        onSuccess: (conversationId) =>
          void navigate(`/dashboard/chat?conversation=${encodeURIComponent(conversationId)}`),
        onError: (error) => showComparisonError(error, "continueFailed"),
      },
    );
  const pendingId = mutation.isPending ? (mutation.variables?.responseId ?? null) : null;
  return { continueWith, pendingId };
}
