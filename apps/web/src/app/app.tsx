import { Suspense, useState } from "react";
import { RouterProvider } from "react-router";
import { PageViewTracker } from "@/features/analytics/components/page-view-tracker";
import { AppUpdateNotices } from "@/features/changelog/components/app-update-notices";
import { ChangelogPublisher } from "@/features/changelog/components/changelog-publisher";
import { PageSpinner } from "@/components/ui/spinner";
import { loadQueryClient } from "@/lib/app-query-client";
import { useAuth } from "@/lib/auth-context";
import { lazyChunk } from "@/lib/chunk-load";
import { useFirstPageSettled, type RouterLike } from "@/lib/first-page-settled";
import { applyVersionChange } from "@/lib/version";
import { AppProviders } from "./providers";
import { createAppRouter } from "./router";

// Release notes are for people signed in: the sign-in page loads neither them nor the dialog code,
// nor the data cache they are read through.
const WhatsNewDialog = lazyChunk(() =>
  Promise.all([import("@/features/changelog/components/whats-new-dialog"), loadQueryClient()]).then(
    ([m]) => ({ default: m.WhatsNewDialog }),
  ),
);

/** Checked once the first page is up (lib/first-page-settled.ts), not while its code loads. */
function WhatsNew({ router }: { router: RouterLike }) {
  const { status } = useAuth();
  const settled = useFirstPageSettled(router);
  if (status !== "signed-in" || !settled) return null;
  return (
    <Suspense fallback={null}>
      <WhatsNewDialog />
    </Suspense>
  );
}

export function App() {
  const [router] = useState(() => {
    // Before any page reads storage: a new build starts from clean storage (auth kept).
    void applyVersionChange();
    return createAppRouter();
  });
  return (
    <AppProviders>
      {/* A page whose texts are still on their way on first load (lib/i18n.ts): a spinner, never keys. */}
      <Suspense fallback={<PageSpinner />}>
        <RouterProvider router={router} />
      </Suspense>
      <PageViewTracker router={router} />
      <ChangelogPublisher />
      <WhatsNew router={router} />
      <AppUpdateNotices />
    </AppProviders>
  );
}
