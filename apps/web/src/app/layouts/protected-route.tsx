import type { ReactNode } from "react";
import { Navigate, useLocation } from "react-router";
import { PageSpinner } from "@/components/ui/spinner";
import { useAuth } from "@/lib/auth-context";
import { useTranslation } from "react-i18next";

/** Signed-in users see the children; others go to /auth (keeping a team invitation's ?accept=). */
export function ProtectedRoute({ children }: { children: ReactNode }) {
  const { status } = useAuth();
  const location = useLocation();
  const { t } = useTranslation();
  if (status === "loading") {
    return (
      <div className="flex min-h-svh">
        <PageSpinner label={t("shell.loading")} />
      </div>
    );
  }
  if (status === "signed-out") {
    const accept = new URLSearchParams(location.search).get("accept");
    return <Navigate to={accept ? `/auth?accept=${encodeURIComponent(accept)}` : "/auth"} replace />;
  }
  return children;
}
