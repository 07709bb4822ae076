// Every page is loaded on first visit (lazy), and loaded again if its code fails to arrive
// (lib/chunk-load). The root route's errorElement catches render errors. The signed-in pages' routes,
// but the dashboard's and the chat's, are a file of their own (signed-in-routes.tsx), fetched the first
// time an address among them is asked for, so sign-in's first script does not carry them.
import {
  createBrowserRouter,
  Navigate,
  Outlet,
  type PatchRoutesOnNavigationFunction,
  type RouteObject,
} from "react-router";
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

/** The route of the signed-in frame, which the other signed-in pages' routes join. */
export const SIGNED_IN_FRAME = "signed-in-frame";
/** The addresses signed-in-routes.tsx serves (the router matches paths regardless of case). */
const SIGNED_IN = /^\/dashboard\//i;

let signedIn: Promise<RouteObject[]> | null = null;
/**
 * The signed-in pages' routes but the dashboard's and the chat's, fetched once (tried again as any
 * route's code is, and the next time they are asked for after that).
 */
export function loadSignedInRoutes(): Promise<RouteObject[]> {
  if (!signedIn) {
    signedIn = lazyRoute(() => import("./signed-in-routes"))().then((m) => retryingChunks(m.signedInRoutes));
    signedIn.catch(() => {
      signedIn = null;
    });
  }
  return signedIn;
}

/** Adds the signed-in pages' routes to the tree when the router is asked for an address among them. */
export const patchRoutesOnNavigation: PatchRoutesOnNavigationFunction = async ({ path, patch }) => {
  if (SIGNED_IN.test(path)) patch(SIGNED_IN_FRAME, await loadSignedInRoutes());
};

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
        // Its texts are a namespace of their own, so sign-in's first script does not carry them.
        lazy: withTexts(["resetPassword"], () =>
          import("@/features/auth/components/reset-password-page").then((m) => ({
            Component: m.ResetPasswordPage,
          })),
        ),
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
            // The signed-in frame (sidebar, header) loads beside the first page, not with sign-in. Its
            // other pages' routes join it when first asked for (signed-in-routes.tsx).
            id: SIGNED_IN_FRAME,
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
  const router = createBrowserRouter(routes, { patchRoutesOnNavigation });
  followPendingNavigation(() => {
    const to = router.state.navigation.location;
    return to ? `${to.pathname}${to.search}${to.hash}` : null;
  });
  return router;
}
