// The signed-in pages' routes but the dashboard and the chat: a file of their own that router.tsx adds
// to the signed-in frame's route the first time an address among them is asked for, so sign-in's first
// script does not carry them (nor does the chat, the page signing in leads to, wait for them).
import type { RouteObject } from "react-router";
import { withTexts } from "@/lib/i18n";

export const signedInRoutes: RouteObject[] = [
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
    lazy: withTexts(["documents", "knowledge", "jobs"], () =>
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
    lazy: withTexts(["images", "catalogue", "jobs"], () =>
      import("@/features/images/components/images-page").then((m) => ({
        Component: m.ImagesPage,
      })),
    ),
  },
  {
    path: "image-history",
    lazy: withTexts(["images", "catalogue", "jobs"], () =>
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
    lazy: withTexts(["admin", "embeddings", "catalogue", "jobs"], () =>
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
];
