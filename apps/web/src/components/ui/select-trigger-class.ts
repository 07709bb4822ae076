// The select trigger's look, apart from Radix's Select, so a page can draw a trigger before that loads
// (features/chat/components/specialized-models-select.tsx).
export const SELECT_TRIGGER_CLASS = [
  "flex h-10 w-full items-center justify-between gap-2 rounded-lg border border-input bg-card px-3 text-sm shadow-xs outline-none",
  "focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/25 disabled:opacity-60 data-[placeholder]:text-muted-foreground",
  "[&>span]:truncate",
].join(" ");
