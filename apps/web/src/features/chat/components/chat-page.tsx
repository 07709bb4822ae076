import { MessageSquare } from "lucide-react";
import { ComingSoon } from "@/components/coming-soon";

export function ChatPage() {
  return (
    <ComingSoon
      title="AI Chat"
      icon={MessageSquare}
      description="Just Ask Tessa, the guide who knows every model, or chat with a model you pick, with sources and your conversation history."
      highlights={[
        "Streaming answers with sources",
        "Recent chats you can reopen",
        "Image and file attachments",
        "Prompt library and voice dictation",
      ]}
    />
  );
}
