import { House, RotateCcw, TriangleAlert } from "lucide-react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useNavigate, useRouteError } from "react-router";
import { LogoMark } from "@/components/brand/logo";
import { Button } from "@/components/ui/button";
import { isChunkLoadError } from "@/lib/chunk-load";
import { BUILD_VERSION, usePublicConfig } from "@/lib/public-config";
import { useDocumentTitle } from "@/lib/use-document-title";

/** Shown by the router when a page fails to render. */
export function ErrorFallback() {
  const error = useRouteError();
  const location = useLocation();
  const navigate = useNavigate();
  const { data: config } = usePublicConfig();
  // Never waits for texts: a page that failed may have failed to fetch them (English is at hand).
  const { t } = useTranslation("errors", { useSuspense: false });
  useDocumentTitle(t("fallback.title"));

  useEffect(() => {
    console.error("app.render_error", { path: location.pathname, error });
  }, [error, location.pathname]);

  // A navigation to the same place gives the route a fresh render, which clears the error. Code that
  // failed to arrive stays failed for the life of the page (lib/chunk-load): only a reload fetches it.
  const tryAgain = () => {
    if (isChunkLoadError(error)) window.location.reload();
    else void navigate(`${location.pathname}${location.search}${location.hash}`, { replace: true });
  };

  return (
    <div className="flex min-h-svh flex-col items-center justify-center bg-background px-4 py-12">
      <main className="flex w-full max-w-md flex-col items-center gap-6 rounded-xl border bg-card p-8 text-center shadow-sm">
        <span className="flex size-14 items-center justify-center rounded-2xl bg-destructive/10 text-destructive">
          <TriangleAlert className="size-7" aria-hidden="true" />
        </span>
        <div className="flex flex-col gap-2">
          <h1 className="text-2xl font-semibold tracking-tight">{t("fallback.title")}</h1>
          <p className="text-muted-foreground">{t("fallback.body")}</p>
        </div>
        <div className="flex w-full flex-col gap-2 sm:w-auto sm:flex-row">
          <Button onClick={tryAgain}>
            <RotateCcw aria-hidden="true" />
            {t("fallback.tryAgain")}
          </Button>
          <Button asChild variant="outline">
            <Link to="/" reloadDocument>
              <House aria-hidden="true" />
              {t("fallback.home")}
            </Link>
          </Button>
        </div>
      </main>
      <footer className="mt-6 flex items-center gap-2 text-xs text-muted-foreground">
        <LogoMark className="size-4" />
        <span>{t("fallback.version", { version: config?.version ?? BUILD_VERSION })}</span>
      </footer>
    </div>
  );
}
