import { ArrowLeft, Compass, House } from "lucide-react";
import { useEffect } from "react";
import { Trans, useTranslation } from "react-i18next";
import { Link, useLocation, useNavigate } from "react-router";
import { Logo } from "@/components/brand/logo";
import { Button } from "@/components/ui/button";
import { useDocumentTitle } from "@/lib/use-document-title";

export function NotFoundPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const { t } = useTranslation("errors");
  useDocumentTitle(t("notFound.title"));

  useEffect(() => {
    console.warn("route.not_found", { path: location.pathname });
  }, [location.pathname]);

  // A page reached inside the app goes back in the app. One loaded whole (an address typed, a link
  // from another page) has the key "default", yet the browser may still hold the page before it.
  const goBack = () => {
    if (location.key !== "default") void navigate(-1);
    else if (window.history.length > 1) window.history.back();
    else void navigate("/");
  };

  return (
    <div className="flex min-h-svh flex-col items-center justify-center bg-gradient-to-b from-indigo-50/70 via-background to-background px-4 py-12 dark:from-indigo-950/25">
      <Link
        to="/"
        className="mb-10 rounded-lg outline-none focus-visible:ring-[3px] focus-visible:ring-ring/40"
      >
        <Logo />
      </Link>
      <main className="flex w-full max-w-md flex-col items-center gap-6 text-center">
        <span className="flex size-16 items-center justify-center rounded-2xl bg-primary/10 text-primary ring-1 ring-primary/15">
          <Compass className="size-8" aria-hidden="true" />
        </span>
        <div className="flex flex-col gap-2">
          <p className="text-sm font-semibold tracking-widest text-primary">404</p>
          <h1 className="text-3xl font-semibold tracking-tight">{t("notFound.title")}</h1>
          <p className="text-muted-foreground">
            <Trans
              t={t}
              i18nKey="notFound.body"
              values={{ path: location.pathname }}
              components={{
                path: (
                  <code
                    dir="ltr"
                    className="rounded bg-muted px-1.5 py-0.5 font-mono text-sm break-all text-foreground"
                  />
                ),
              }}
            />
          </p>
        </div>
        <div className="flex w-full flex-col gap-2 sm:w-auto sm:flex-row">
          <Button asChild>
            <Link to="/">
              <House aria-hidden="true" />
              {t("notFound.home")}
            </Link>
          </Button>
          <Button variant="outline" onClick={goBack}>
            <ArrowLeft aria-hidden="true" className="rtl:-scale-x-100" />
            {t("notFound.back")}
          </Button>
        </div>
      </main>
    </div>
  );
}
