import { History } from "lucide-react";
import { Button } from "@/components/ui/button";
import type { ChatInterface } from "@/lib/local-preferences";
import { FavoriteModelChips } from "./favorite-model-chips";
import { InterfaceToggle } from "./interface-toggle";

/** The bar above the conversation: its title, favorite models and the interface switch. */
export function ChatToolbar({
  title,
  modelId,
  onSelectModel,
  onShowRecent,
  chatInterface,
  onInterfaceChange,
}: {
  title: string;
  modelId: string | null;
  onSelectModel: (id: string) => void;
  onShowRecent: () => void;
  /** Present only when the streamingChatV2 flag is on. */
  chatInterface: ChatInterface | null;
  onInterfaceChange: (next: ChatInterface) => void;
}) {
  return (
    <div className="flex h-12 shrink-0 items-center gap-2 border-b px-3 sm:px-4">
      <Button
        variant="ghost"
        size="icon"
        className="size-8 lg:hidden"
        aria-label="Show recent chats"
        onClick={onShowRecent}
      >
        <History aria-hidden="true" />
      </Button>
      <p className="min-w-0 truncate text-sm font-medium" data-testid="chat-title">
        {title}
      </p>
      <div className="ml-auto flex items-center gap-2">
        <FavoriteModelChips current={modelId} onSelect={onSelectModel} />
        {chatInterface ? <InterfaceToggle value={chatInterface} onChange={onInterfaceChange} /> : null}
      </div>
    </div>
  );
}
