import { Outlet, useNavigation } from "react-router";
import { SidebarProvider } from "@/components/ui/sidebar";
import { AccountLanguage } from "@/features/account/components/account-language";
import { AppHeader } from "./app-header";
import { AppSidebar } from "./app-sidebar";
import { useTranslation } from "react-i18next";

/** The signed-in frame: sidebar, header, and the current page. */
export function AppShell() {
  const navigation = useNavigation();
  const { t } = useTranslation();
  return (
    <SidebarProvider>
      <AccountLanguage />
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-primary px-3 py-2 text-sm text-primary-foreground focus:not-sr-only focus:fixed focus:top-2 focus:start-2"
      >
        {t("shell.skipToContent")}
      </a>
      <div className="flex min-h-svh w-full">
        <AppSidebar />
        <div className="relative flex min-w-0 flex-1 flex-col">
          <AppHeader />
          {navigation.state !== "idle" ? (
            <div
              role="progressbar"
              aria-label={t("shell.loadingPage")}
              className="absolute inset-x-0 top-14 z-10 h-0.5 overflow-hidden bg-primary/15"
            >
              <div className="h-full w-1/3 animate-pulse bg-primary" />
            </div>
          ) : null}
          <main id="main" tabIndex={-1} className="flex flex-1 flex-col outline-none">
            <Outlet />
          </main>
        </div>
      </div>
    </SidebarProvider>
  );
}
