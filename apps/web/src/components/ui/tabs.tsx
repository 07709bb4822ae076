// Tabs after the WAI-ARIA tabs pattern (the markup and keys of Radix's, which it replaces: the
// sign-in page shows them, and Radix's took ~9 KB gzip there). Always controlled: `value` and
// `onValueChange`. Arrow keys, Home and End move between tabs and select the one focused; only the
// selected panel is mounted.
import { createContext, useContext, useId, type ComponentProps, type KeyboardEvent } from "react";
import { cn } from "@/lib/utils";

interface TabsState {
  value: string;
  select: (value: string) => void;
  id: (part: "trigger" | "content", value: string) => string;
}

const TabsContext = createContext<TabsState | null>(null);

function useTabs(): TabsState {
  const tabs = useContext(TabsContext);
  if (!tabs) throw new Error("Tabs parts must be inside <Tabs>.");
  return tabs;
}

export function Tabs({
  value,
  onValueChange,
  ...props
}: Omit<ComponentProps<"div">, "defaultValue"> & { value: string; onValueChange: (value: string) => void }) {
  const base = useId();
  const state: TabsState = {
    value,
    select: (next) => next !== value && onValueChange(next),
    id: (part, tab) => `${base}-${part}-${tab}`,
  };
  return (
    <TabsContext.Provider value={state}>
      <div data-orientation="horizontal" {...props} />
    </TabsContext.Provider>
  );
}

const KEY_STEPS: Record<string, (index: number, count: number) => number> = {
  ArrowRight: (i, n) => (i + 1) % n,
  ArrowLeft: (i, n) => (i - 1 + n) % n,
  Home: () => 0,
  End: (_, n) => n - 1,
};

function moveFocus(event: KeyboardEvent<HTMLDivElement>) {
  const step = KEY_STEPS[event.key];
  if (!step) return;
  const tabs = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('[role="tab"]:not(:disabled)')];
  const index = tabs.indexOf(document.activeElement as HTMLButtonElement);
  if (index === -1 || tabs.length === 0) return;
  event.preventDefault();
  tabs[step(index, tabs.length)]?.focus();
}

export function TabsList({ className, onKeyDown, ...props }: ComponentProps<"div">) {
  return (
    <div
      role="tablist"
      aria-orientation="horizontal"
      data-slot="tabs-list"
      className={cn(
        "inline-flex h-10 w-full items-center rounded-lg bg-muted p-1 text-muted-foreground",
        className,
      )}
      onKeyDown={(event) => {
        onKeyDown?.(event);
        if (!event.defaultPrevented) moveFocus(event);
      }}
      {...props}
    />
  );
}

export function TabsTrigger({ value, className, ...props }: ComponentProps<"button"> & { value: string }) {
  const tabs = useTabs();
  const active = tabs.value === value;
  return (
    <button
      type="button"
      role="tab"
      id={tabs.id("trigger", value)}
      aria-selected={active}
      aria-controls={tabs.id("content", value)}
      data-state={active ? "active" : "inactive"}
      data-slot="tabs-trigger"
      tabIndex={active ? 0 : -1}
      className={cn(
        "inline-flex h-full flex-1 items-center justify-center rounded-md px-3 text-sm font-medium whitespace-nowrap transition-all outline-none",
        "hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/40",
        "data-[state=active]:bg-card data-[state=active]:text-foreground data-[state=active]:shadow-sm",
        className,
      )}
      // A focused tab is the selected one (the arrow keys move focus); a click focuses it too.
      onFocus={() => tabs.select(value)}
      onClick={() => tabs.select(value)}
      {...props}
    />
  );
}

export function TabsContent({ value, className, ...props }: ComponentProps<"div"> & { value: string }) {
  const tabs = useTabs();
  if (tabs.value !== value) return null;
  return (
    <div
      role="tabpanel"
      id={tabs.id("content", value)}
      aria-labelledby={tabs.id("trigger", value)}
      data-state="active"
      data-slot="tabs-content"
      tabIndex={0}
      className={cn("outline-none", className)}
      {...props}
    />
  );
}
