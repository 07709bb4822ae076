// Every page is loaded on first visit (lazy), and loaded again if its code fails to arrive
// (lib/chunk-load). The root route's errorElement catches render errors.
import { createBrowserRouter, Navigate, Outlet, type RouteObject } from "react-router";
import { PageSpinner } from "@/components/ui/spinner";
import { loadQueryClient } from "@/lib/app-query-client";
import { followPendingNavigation, lazyRoute } from "@/lib/chunk-load";
import { withTexts } from "@/lib/i18n";
import { ErrorFallback } from "@/features/errors/components/error-fallback";
import { ProtectedRoute } from "./layouts/protected-route";
import { conversationReadAhead } from "./routes/conversation-read-ahead";

/** A page past sign-in, or a public page: it arrives with app.css, the utilities index.css leaves out. */
function withAppStyles<T>(load: () => Promise<T>) {
  return () => Promise.all([load(), import("./app-styles")]).then(([route]) => route);
}

/**
 * The `lazy` of a route whose pages read through the data cache: it is made beside their code, so the
 * pages open to visitors (sign-in, the error pages) load none of it (lib/app-query-client.ts).
 */
const withDataCache = () => loadQueryClient().then(() => ({}));

/** Every route's `lazy` in `list`, and its children's, fetched again when it fails to arrive. */
export function retryingChunks(list: RouteObject[]): RouteObject[] {
  return list.map((route) => {
    const lazy = typeof route.lazy === "function" ? lazyRoute(route.lazy) : route.lazy;
    return route.index
      ? { ...route, lazy }
      : { ...route, lazy, children: route.children && retryingChunks(route.children) };
  });
}

const chatReadAhead = conversationReadAhead();

export const routes: RouteObject[] = retryingChunks([
  {
    Component: Outlet,
    HydrateFallback: PageSpinner,
    errorElement: <ErrorFallback />,
    children: [
      { index: true, element: <Navigate to="/dashboard/chat" replace /> },
      {
        path: "auth",
        lazy: () => import("@/features/auth/components/auth-page").then((m) => ({ Component: m.AuthPage })),
      },
      {
        path: "auth/reset-password",
        lazy: () =>
          import("@/features/auth/components/reset-password-page").then((m) => ({
            Component: m.ResetPasswordPage,
          })),
      },
      {
        path: "dashboard",
        lazy: withDataCache,
        element: (
          <ProtectedRoute>
            <Outlet />
          </ProtectedRoute>
        ),
        children: [
          {
            // The signed-in frame (sidebar, header) loads beside the first page, not with sign-in.
            lazy: withAppStyles(() => import("./layouts/app-shell").then((m) => ({ Component: m.AppShell }))),
            children: [
              {
                index: true,
                lazy: withTexts(["dashboard"], () =>
                  import("@/features/dashboard/components/dashboard-page").then((m) => ({
                    Component: m.DashboardPage,
                  })),
                ),
              },
              {
                path: "chat",
                loader: chatReadAhead.loader,
                lazy: withTexts(["chat", "knowledge", "catalogue"], () =>
                  import("./routes/chat-route").then((m) => {
                    chatReadAhead.codeLoaded();
                    return { Component: m.ChatRoute };
                  }),
                ),
              },
              {
                path: "assistants",
                lazy: withTexts(["assistants", "knowledge", "catalogue"], () =>
                  import("@/features/assistants/components/assistants-page").then((m) => ({
                    Component: m.AssistantsPage,
                  })),
                ),
              },
              {
                path: "compare",
                lazy: withTexts(["compare", "catalogue"], () =>
                  import("@/features/compare/components/compare-page").then((m) => ({
                    Component: m.ComparePage,
                  })),
                ),
              },
              {
                path: "compare/:id",
                lazy: withTexts(["compare", "catalogue"], () =>
                  import("@/features/compare/components/comparison-detail-page").then((m) => ({
                    Component: m.ComparisonDetailPage,
                  })),
                ),
              },
              {
                path: "jigsaw-search",
                lazy: withTexts(["search", "catalogue"], () =>
                  import("@/features/search/components/jigsaw-search-page").then((m) => ({
                    Component: m.JigsawSearchPage,
                  })),
                ),
              },
              {
                path: "documents",
                lazy: withTexts(["documents", "knowledge"], () =>
                  import("@/features/documents/components/documents-page").then((m) => ({
                    Component: m.DocumentsPage,
                  })),
                ),
              },
              {
                path: "documents/:id",
                lazy: withTexts(["documents", "knowledge"], () =>
                  import("@/features/documents/components/document-page").then((m) => ({
                    Component: m.DocumentPage,
                  })),
                ),
              },
              {
                path: "tessera-search",
                lazy: withTexts(["search", "catalogue"], () =>
                  import("@/features/search/components/tessera-search-page").then((m) => ({
                    Component: m.TesseraSearchPage,
                  })),
                ),
              },
              {
                path: "voice",
                lazy: withTexts(["voice"], () =>
                  import("@/features/voice/components/voice-page").then((m) => ({ Component: m.VoicePage })),
                ),
              },
              {
                path: "images",
                lazy: withTexts(["images", "catalogue"], () =>
                  import("@/features/images/components/images-page").then((m) => ({
                    Component: m.ImagesPage,
                  })),
                ),
              },
              {
                path: "image-history",
                lazy: withTexts(["images", "catalogue"], () =>
                  import("@/features/images/components/image-history-page").then((m) => ({
                    Component: m.ImageHistoryPage,
                  })),
                ),
              },
              {
                path: "team-settings",
                lazy: withTexts(["teams"], () =>
                  import("@/features/teams/components/team-settings-page").then((m) => ({
                    Component: m.TeamSettingsPage,
                  })),
                ),
              },
              {
                path: "account",
                lazy: withTexts(["account"], () =>
                  import("@/features/account/components/account-page").then((m) => ({
                    Component: m.AccountPage,
                  })),
                ),
              },
              {
                path: "admin/usage",
                lazy: withTexts(["admin"], () =>
                  import("@/features/admin/components/admin-usage-page").then((m) => ({
                    Component: m.AdminUsagePage,
                  })),
                ),
              },
              {
                path: "admin/users",
                lazy: withTexts(["admin"], () =>
                  import("@/features/admin/components/admin-users-page").then((m) => ({
                    Component: m.AdminUsersPage,
                  })),
                ),
              },
              {
                path: "admin/users/:id",
                lazy: withTexts(["admin"], () =>
                  import("@/features/admin/components/admin-user-page").then((m) => ({
                    Component: m.AdminUserPage,
                  })),
                ),
              },
              {
                path: "admin/budgets",
                lazy: withTexts(["admin"], () =>
                  import("@/features/admin/components/admin-budgets-page").then((m) => ({
                    Component: m.AdminBudgetsPage,
                  })),
                ),
              },
              {
                path: "admin/settings",
                lazy: withTexts(["admin"], () =>
                  import("@/features/admin/components/admin-settings-page").then((m) => ({
                    Component: m.AdminSettingsPage,
                  })),
                ),
              },
              {
                path: "admin/audit",
                lazy: withTexts(["admin"], () =>
                  import("@/features/admin/components/admin-audit-page").then((m) => ({
                    Component: m.AdminAuditPage,
                  })),
                ),
              },
              {
                path: "admin/mail",
                lazy: withTexts(["admin"], () =>
                  import("@/features/admin/components/admin-mail-page").then((m) => ({
                    Component: m.AdminMailPage,
                  })),
                ),
              },
              {
                path: "admin/connections",
                lazy: withTexts(["admin", "embeddings", "catalogue"], () =>
                  import("@/features/admin/components/admin-connections-page").then((m) => ({
                    Component: m.AdminConnectionsPage,
                  })),
                ),
              },
              {
                path: "admin/tools",
                lazy: withTexts(["admin"], () =>
                  import("@/features/admin/components/admin-tools-page").then((m) => ({
                    Component: m.AdminToolsPage,
                  })),
                ),
              },
              {
                path: "admin/sign-in",
                lazy: withTexts(["admin"], () =>
                  import("@/features/admin/components/admin-sign-in-page").then((m) => ({
                    Component: m.AdminSignInPage,
                  })),
                ),
              },
              {
                path: "admin/local-models",
                lazy: withTexts(["localModels", "catalogue"], () =>
                  import("@/features/local-models/components/local-models-page").then((m) => ({
                    Component: m.LocalModelsPage,
                  })),
                ),
              },
            ],
          },
        ],
      },
      {
        // The frame of the public pages, with the data cache they read through; sign-in needs neither.
        lazy: () =>
          Promise.all([import("./layouts/public-layout"), withDataCache()]).then(([m]) => ({
            Component: m.PublicLayout,
          })),
        children: [
          {
            path: "pricing",
            lazy: withAppStyles(
              withTexts(["public"], () =>
                import("@/features/public/components/pricing-page").then((m) => ({
                  Component: m.PricingPage,
                })),
              ),
            ),
          },
          {
            path: "help/:slug?",
            lazy: withAppStyles(
              withTexts(["help"], () =>
                import("@/features/help/components/help-page").then((m) => ({ Component: m.HelpPage })),
              ),
            ),
          },
          {
            path: "terms",
            lazy: withAppStyles(
              withTexts(["legal"], () =>
                import("@/features/public/components/terms-page").then((m) => ({ Component: m.TermsPage })),
              ),
            ),
          },
          {
            path: "share/:token",
            lazy: withAppStyles(
              withTexts(["share"], () =>
                import("@/features/share/components/shared-conversation-page").then((m) => ({
                  Component: m.SharedConversationPage,
                })),
              ),
            ),
          },
          {
            path: "privacy",
            lazy: withAppStyles(
              withTexts(["legal"], () =>
                import("@/features/public/components/privacy-page").then((m) => ({
                  Component: m.PrivacyPage,
                })),
              ),
            ),
          },
        ],
      },
      {
        path: "*",
        lazy: withTexts(["errors"], () =>
          import("@/features/errors/components/not-found-page").then((m) => ({ Component: m.NotFoundPage })),
        ),
      },
    ],
  },
]);

export function createAppRouter() {
  const router = createBrowserRouter(routes);
  followPendingNavigation(() => {
    const to = router.state.navigation.location;
    return to ? `${to.pathname}${to.search}${to.hash}` : null;
  });
  return router;
}
