import { QueryClientContext, type QueryClient } from "@tanstack/react-query";
import { Suspense, useEffect, useSyncExternalStore, type ReactNode } from "react";
import { currentQueryClient, subscribeQueryClient } from "@/lib/app-query-client";
import { AuthProvider } from "@/lib/auth-provider";
import { lazyChunk } from "@/lib/chunk-load";
import { useTheme } from "@/lib/theme";
import { loadSonner, useToastsWanted } from "@/lib/toast";

const Toaster = lazyChunk(() => loadSonner().then((m) => ({ default: m.Toaster })));

/**
 * Everything the pages share: data cache, auth session and the one-at-a-time toaster, mounted with
 * the first toast (lib/toast.ts). The data cache is provided once a page has made it
 * (lib/app-query-client.ts), or given (tests); the context is always there, so nothing remounts then.
 */
export function AppProviders({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const made = useSyncExternalStore(subscribeQueryClient, currentQueryClient);
  const client = queryClient ?? made ?? undefined;
  const { theme } = useTheme();
  const toastsWanted = useToastsWanted();
  // What QueryClientProvider does: the cache follows the window's focus and the network while mounted.
  useEffect(() => {
    if (!client) return;
    client.mount();
    return () => client.unmount();
  }, [client]);
  return (
    <QueryClientContext.Provider value={client}>
      <AuthProvider>
        {children}
        {toastsWanted && (
          <Suspense fallback={null}>
            {/* Above the page: a bottom corner would cover the chat's Send and Stop buttons. */}
            <Toaster visibleToasts={1} position="top-center" theme={theme} richColors closeButton />
          </Suspense>
        )}
      </AuthProvider>
    </QueryClientContext.Provider>
  );
}
