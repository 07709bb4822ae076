// The look of the small actions under a message (Copy, Regenerate, Edit, Earlier answers).
export const ACTION_CLASS =
  "flex items-center gap-1 rounded-md px-1.5 py-0.5 transition outline-none hover:bg-accent hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/40";
