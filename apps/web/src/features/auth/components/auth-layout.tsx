import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { LogoMark } from "@/components/brand/logo";
import { ThemeToggle } from "@/components/theme-toggle";

const FOOTER_LINK = "font-medium text-foreground/80 underline-offset-4 hover:text-primary hover:underline";
const LEGAL_PAGES = { terms: "/terms", privacy: "/privacy" } as const;

/**
 * "… <terms>Terms of Service</terms> and <privacy>Privacy Policy</privacy>" as text and two links.
 * Split here rather than by react-i18next's Trans, whose parser would join sign-in's first script.
 */
function withLegalLinks(text: string): ReactNode[] {
  return text.split(/(<terms>.*?<\/terms>|<privacy>.*?<\/privacy>)/).map((part, i) => {
    const link = /^<(terms|privacy)>(.*)<\/\1>$/.exec(part);
    if (!link) return part;
    const page = link[1] as keyof typeof LEGAL_PAGES;
    return (
      <Link key={i} to={LEGAL_PAGES[page]} className={FOOTER_LINK}>
        {link[2]}
      </Link>
    );
  });
}

/** The frame of the auth screens: soft gradient, the Tessera mark, a centred card, the legal footer. */
export function AuthLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation("auth");
  return (
    <div className="relative flex min-h-svh flex-col overflow-hidden bg-background">
      <div aria-hidden="true" className="auth-backdrop pointer-events-none absolute inset-0" />
      <div className="relative flex justify-end p-3 sm:p-4">
        <ThemeToggle />
      </div>
      <main className="relative mx-auto flex w-full max-w-md flex-1 flex-col justify-center gap-8 px-4 pb-10">
        <header className="flex flex-col items-center gap-3 text-center">
          <Link
            to="/"
            aria-label={t("layout.home")}
            className="rounded-2xl outline-none focus-visible:ring-[3px] focus-visible:ring-ring/40"
          >
            <LogoMark className="size-12 drop-shadow-md" />
          </Link>
          <div>
            <p className="text-2xl font-semibold tracking-tight">Tessera</p>
            <p className="text-sm text-muted-foreground">{t("layout.tagline")}</p>
          </div>
        </header>
        {children}
        <footer className="text-center text-xs leading-relaxed text-muted-foreground">
          {withLegalLinks(t("layout.agree"))}
        </footer>
      </main>
    </div>
  );
}
