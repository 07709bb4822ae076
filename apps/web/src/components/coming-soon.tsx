import type { LucideIcon } from "lucide-react";
import { Hammer } from "lucide-react";
import type { ReactNode } from "react";
import { Badge } from "@/components/ui/badge";
import { useDocumentTitle } from "@/lib/use-document-title";
import { useTranslation } from "react-i18next";

interface ComingSoonProps {
  title: string;
  icon: LucideIcon;
  /** One sentence on what this page will hold. */
  description: string;
  /** What the page will offer, shown as a short list. */
  highlights?: string[];
  children?: ReactNode;
}

/** An honest placeholder for a page that is not built yet: its real title, icon and purpose. */
export function ComingSoon({ title, icon: Icon, description, highlights = [], children }: ComingSoonProps) {
  useDocumentTitle(title);
  const { t } = useTranslation();
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-8 px-4 py-10 sm:px-8 sm:py-14">
      <header className="flex flex-col gap-4">
        <span className="flex size-12 items-center justify-center rounded-xl bg-gradient-to-br from-indigo-500/15 to-violet-500/15 text-primary ring-1 ring-primary/15">
          <Icon className="size-6" aria-hidden="true" />
        </span>
        <div className="flex flex-col gap-2">
          <h1 className="text-3xl font-semibold tracking-tight">{title}</h1>
          <p className="max-w-2xl text-base text-muted-foreground">{description}</p>
        </div>
      </header>
      <section
        aria-label={t("comingSoon.status")}
        className="rounded-xl border border-dashed bg-card/60 p-6 sm:p-8"
      >
        <div className="flex flex-col gap-4">
          <Badge variant="default" className="gap-1.5">
            <Hammer aria-hidden="true" />
            {t("comingSoon.badge")}
          </Badge>
          <p className="text-sm text-muted-foreground">{t("comingSoon.body")}</p>
          {highlights.length > 0 ? (
            <ul className="grid gap-2 sm:grid-cols-2">
              {highlights.map((item) => (
                <li key={item} className="flex items-start gap-2 rounded-lg bg-muted/60 px-3 py-2 text-sm">
                  <span aria-hidden="true" className="mt-1.5 size-1.5 shrink-0 rounded-full bg-primary" />
                  {item}
                </li>
              ))}
            </ul>
          ) : null}
          {children}
        </div>
      </section>
    </div>
  );
}
