// The composer's Tools button. Its popover (tools-popover.tsx) and the popover machinery load on the
// first click, not with the chat: the button alone is on the first screen.
import { Wrench } from "lucide-react";
import { Suspense, useState, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { lazyChunk } from "@/lib/chunk-load";
import { useOpenedOnce } from "@/lib/use-opened-once";
import { cn } from "@/lib/utils";
import { useTools } from "../api/get-tools";
import { useTranslation } from "react-i18next";

const ToolsPopover = lazyChunk(() => import("./tools-popover").then((m) => ({ default: m.ToolsPopover })));

export function ToolsButton({
  selected,
  onChange,
  canUseTools,
  knowledge,
}: {
  selected: string[] | null;
  onChange: (ids: string[]) => void;
  canUseTools: boolean;
  /** The knowledge bases to answer from, below the tools (any model can use them). */
  knowledge?: ReactNode;
}) {
  const { t } = useTranslation("chat");
  const [open, setOpen] = useState(false);
  const loaded = useOpenedOnce(open);
  const tools = useTools(open || Boolean(selected?.length));
  const on = new Set(selected ?? []);
  const count = (tools.data ?? []).filter((tool) => on.has(tool.id)).length;
  const trigger = (opens: boolean) => (
    <Button
      variant="ghost"
      size="sm"
      aria-label={count ? t("tools.buttonOn", { count }) : t("tools.button")}
      className={cn("h-8 gap-1.5 px-2 text-muted-foreground", count > 0 && canUseTools && "text-primary")}
      onClick={opens ? () => setOpen(true) : undefined}
    >
      <Wrench aria-hidden="true" />
      <span className="hidden sm:inline">
        {count ? t("tools.buttonCount", { count }) : t("tools.button")}
      </span>
    </Button>
  );
  if (!loaded) return trigger(true);
  return (
    <Suspense fallback={trigger(false)}>
      <ToolsPopover
        open={open}
        onOpenChange={setOpen}
        trigger={trigger(false)}
        tools={tools}
        on={on}
        onChange={onChange}
        canUseTools={canUseTools}
        knowledge={knowledge}
      />
    </Suspense>
  );
}
