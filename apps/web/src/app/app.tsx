import { useState } from "react";
import { RouterProvider } from "react-router";
import { PageViewTracker } from "@/features/analytics/components/page-view-tracker";
import { AppUpdateNotices } from "@/features/changelog/components/app-update-notices";
import { ChangelogPublisher } from "@/features/changelog/components/changelog-publisher";
import { WhatsNewDialog } from "@/features/changelog/components/whats-new-dialog";
import { applyVersionChange } from "@/lib/version";
import { AppProviders } from "./providers";
import { createAppRouter } from "./router";

export function App() {
  const [router] = useState(() => {
    // Before any page reads storage: a new build starts from clean storage (auth kept).
    void applyVersionChange();
    return createAppRouter();
  });
  return (
    <AppProviders>
      <RouterProvider router={router} />
      <PageViewTracker router={router} />
      <ChangelogPublisher />
      <WhatsNewDialog />
      <AppUpdateNotices />
    </AppProviders>
  );
}
