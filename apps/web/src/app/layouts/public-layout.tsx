import { Link, Outlet } from "react-router";
import { Logo } from "@/components/brand/logo";
import { ThemeToggle } from "@/components/theme-toggle";
import { Button } from "@/components/ui/button";
import { useAuth } from "@/lib/auth-context";
import { useTranslation } from "react-i18next";

/** The frame of the public pages (pricing, terms, privacy): brand, theme toggle, a way in. */
export function PublicLayout() {
  const { status } = useAuth();
  const { t } = useTranslation();
  return (
    <div className="flex min-h-svh flex-col bg-gradient-to-b from-indigo-50/70 via-background to-background dark:from-indigo-950/25">
      <header className="mx-auto flex w-full max-w-5xl items-center justify-between px-4 py-4 sm:px-8">
        <Link to="/" className="rounded-lg outline-none focus-visible:ring-[3px] focus-visible:ring-ring/40">
          <Logo />
        </Link>
        <nav aria-label={t("public.site")} className="flex items-center gap-1 sm:gap-2">
          <Button asChild variant="ghost" size="sm">
            <Link to="/pricing">{t("public.pricing")}</Link>
          </Button>
          <ThemeToggle />
          <Button asChild size="sm">
            <Link to={status === "signed-in" ? "/dashboard" : "/auth"}>
              {status === "signed-in" ? t("public.openDashboard") : t("public.signIn")}
            </Link>
          </Button>
        </nav>
      </header>
      <main className="flex flex-1 flex-col">
        <Outlet />
      </main>
      <footer className="mx-auto flex w-full max-w-5xl flex-wrap items-center justify-between gap-3 border-t px-4 py-6 text-sm text-muted-foreground sm:px-8">
        <span>{t("public.copyright", { year: new Date().getFullYear() })}</span>
        <nav aria-label={t("public.legal")} className="flex gap-4">
          <Link to="/terms" className="hover:text-foreground">
            {t("public.terms")}
          </Link>
          <Link to="/privacy" className="hover:text-foreground">
            {t("public.privacy")}
          </Link>
        </nav>
      </footer>
    </div>
  );
}
