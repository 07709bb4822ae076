import { Link } from "react-router";
import { ThemeToggle } from "@/components/theme-toggle";
import { Avatar } from "@/components/ui/avatar";
import { Separator } from "@/components/ui/separator";
import { SidebarTrigger } from "@/components/ui/sidebar";
import { useAuth } from "@/lib/auth-context";
import { useTranslation } from "react-i18next";

export function AppHeader() {
  const { user } = useAuth();
  const { t } = useTranslation();
  return (
    <header className="sticky top-0 z-20 flex h-14 shrink-0 items-center gap-2 border-b bg-background/80 px-3 backdrop-blur supports-[backdrop-filter]:bg-background/70 sm:px-4">
      <SidebarTrigger />
      <Separator orientation="vertical" className="mx-1 !h-5" />
      <p className="text-sm font-semibold tracking-tight whitespace-nowrap sm:text-base">
        {t("brand.platform")}
      </p>
      <div className="ms-auto flex min-w-0 items-center gap-1 sm:gap-2">
        <ThemeToggle />
        {user ? (
          <Link
            to="/dashboard/account"
            title={t("shell.accountSettings")}
            className="flex min-w-0 items-center gap-2 rounded-lg py-1 pe-2 ps-1 text-sm text-muted-foreground transition-colors outline-none hover:bg-accent hover:text-accent-foreground focus-visible:ring-[3px] focus-visible:ring-ring/40"
          >
            <Avatar src={user.image} name={user.name || user.email} className="size-7 text-xs" />
            <span className="max-w-[9rem] truncate sm:max-w-[16rem]" data-testid="user-email">
              {user.email}
            </span>
          </Link>
        ) : null}
      </div>
    </header>
  );
}
