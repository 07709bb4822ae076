import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { useDocumentTitle } from "@/lib/use-document-title";

/** The frame of a legal page: title, date, and the text. */
export function LegalPage({
  title,
  icon: Icon,
  children,
}: {
  title: string;
  icon: LucideIcon;
  children: ReactNode;
}) {
  useDocumentTitle(title);
  return (
    <article className="mx-auto flex w-full max-w-3xl flex-col gap-8 px-4 py-10 sm:px-8 sm:py-14">
      <header className="flex flex-col gap-3">
        <span className="flex size-12 items-center justify-center rounded-xl bg-primary/10 text-primary ring-1 ring-primary/15">
          <Icon className="size-6" aria-hidden="true" />
        </span>
        <h1 className="text-3xl font-semibold tracking-tight">{title}</h1>
        <p className="text-sm text-muted-foreground">Last updated December 2024</p>
      </header>
      <div className="flex flex-col gap-4 rounded-xl border bg-card p-6 text-[0.95rem] leading-relaxed shadow-sm sm:p-8 [&_h2]:pt-2 [&_h2]:text-lg [&_h2]:font-semibold">
        {children}
      </div>
    </article>
  );
}
