import type { ReactNode } from "react";

/**
 * What an empty card on the compare page says: a short line and what to do. It fills its card, so two
 * empty cards side by side look alike.
 */
export function EmptyNote({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="flex min-h-32 flex-1 flex-col items-center justify-center gap-1 px-3 text-center">
      <p className="text-sm font-medium">{title}</p>
      <p className="text-sm text-balance text-muted-foreground">{children}</p>
    </div>
  );
}
