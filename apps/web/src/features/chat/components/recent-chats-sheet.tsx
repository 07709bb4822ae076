import type { ReactNode } from "react";
import { Sheet, SheetContent, SheetDescription, SheetTitle } from "@/components/ui/sheet";

/** Recent Chats on small screens, where the panel has no room beside the chat. */
export function RecentChatsSheet(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  children: ReactNode;
}) {
  return (
    <Sheet open={props.open} onOpenChange={props.onOpenChange}>
      <SheetContent className="w-[18rem]" closeLabel="Close recent chats">
        <SheetTitle className="sr-only">Recent Chats</SheetTitle>
        <SheetDescription className="sr-only">
          Open, rename or delete one of your conversations.
        </SheetDescription>
        {props.children}
      </SheetContent>
    </Sheet>
  );
}
