// Keeps a render failure inside one area of a page (spec §4 "Error boundary", §8 categories): the
// rest of the page still works, the person sees what kind of problem it was and can retry up to 3
// times, 1 s apart. Failures also count toward the feature's isolation (lib/feature-health).
import { Clock, RefreshCw, ServerCrash, TriangleAlert, WifiOff, type LucideIcon } from "lucide-react";
import i18next from "i18next";
import { Component, type ErrorInfo, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { ApiError } from "@/lib/api-client";
import { isChunkLoadError } from "@/lib/chunk-load";
import { featureHealth, recordFeatureFailure, recordFeatureRecovery } from "@/lib/feature-health";

export const ERROR_BOUNDARY_MAX_RETRIES = 3;
export const ERROR_BOUNDARY_RETRY_DELAY_MS = 1000;
/** In English; the card shows it in the reader's language (errorBoundary.maxRetries). */
export const MAX_RETRIES_TEXT = "Max retries reached: Please refresh the page or contact support.";

export type ErrorCategory = "network" | "timeout" | "server" | "unknown";

/** Each category's title is the key errorBoundary.<category>. */
const CATEGORY_ICONS: Record<ErrorCategory, LucideIcon> = {
  network: WifiOff,
  timeout: Clock,
  server: ServerCrash,
  unknown: TriangleAlert,
};

export function categorizeError(error: unknown): ErrorCategory {
  if (error instanceof ApiError) {
    if (error.code === "TIMEOUT") return "timeout";
    if (error.isNetworkError) return "network";
    if (error.status >= 500) return "server";
  }
  const text = error instanceof Error ? `${error.name} ${error.message}` : String(error);
  if (/time(d)?\s?out/i.test(text)) return "timeout";
  if (/network|fetch|connection|offline/i.test(text)) return "network";
  if (/server|\b5\d\d\b/i.test(text)) return "server";
  return "unknown";
}

interface Props {
  /** The feature's name, for isolation and logs (e.g. "chat"). */
  feature: string;
  children: ReactNode;
}

interface State {
  error: unknown;
  retries: number;
  retrying: boolean;
  /** Mounted while the feature was in its cooldown. */
  disabled: boolean;
}

export class FeatureErrorBoundary extends Component<Props, State> {
  override state: State = {
    error: null,
    retries: 0,
    retrying: false,
    disabled: featureHealth(this.props.feature) === "disabled",
  };
  private timer: ReturnType<typeof setTimeout> | undefined;

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error ?? new Error("Unknown error"), retrying: false };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    recordFeatureFailure(this.props.feature);
    console.error("feature.render_error", { feature: this.props.feature, error, info });
  }

  override componentDidUpdate(_prev: Props, prevState: State) {
    if (prevState.error && !this.state.error) recordFeatureRecovery(this.props.feature);
  }

  override componentWillUnmount() {
    clearTimeout(this.timer);
  }

  private retry = () => {
    // Code that failed to arrive stays failed for the life of the page (lib/chunk-load).
    if (isChunkLoadError(this.state.error)) {
      window.location.reload();
      return;
    }
    this.setState({ retrying: true });
    this.timer = setTimeout(
      () => this.setState((s) => ({ error: null, retrying: false, retries: s.retries + 1 })),
      ERROR_BOUNDARY_RETRY_DELAY_MS,
    );
  };

  override render() {
    const { error, retries, retrying, disabled } = this.state;
    if (!error && !disabled) return this.props.children;
    const exhausted = disabled || retries >= ERROR_BOUNDARY_MAX_RETRIES;
    const category = error ? categorizeError(error) : "unknown";
    const Icon = CATEGORY_ICONS[category];
    // A class component: it reads the language when it renders, which an error card does afresh.
    const t = i18next.t.bind(i18next);
    const title = t(`errorBoundary.${category}`);
    return (
      <div role="alert" className="flex flex-1 items-center justify-center p-6">
        <div className="flex w-full max-w-md animate-fade-in flex-col items-center gap-4 rounded-xl border bg-card p-8 text-center shadow-sm">
          <span className="flex size-12 items-center justify-center rounded-2xl bg-destructive/10 text-destructive">
            <Icon className="size-6" aria-hidden="true" />
          </span>
          <div className="flex flex-col gap-1.5">
            <h2 className="text-lg font-semibold tracking-tight">{title}</h2>
            {error instanceof Error && error.message ? (
              <p className="text-sm text-muted-foreground">{error.message}</p>
            ) : null}
          </div>
          {exhausted ? (
            <>
              <p className="text-sm font-medium">{t("errorBoundary.maxRetries")}</p>
              <Button variant="outline" onClick={() => window.location.reload()}>
                <RefreshCw aria-hidden="true" />
                {t("errorBoundary.refresh")}
              </Button>
            </>
          ) : (
            <Button onClick={this.retry} disabled={retrying}>
              {retrying ? <Spinner /> : <RefreshCw aria-hidden="true" />}
              {retrying ? t("errorBoundary.retrying") : t("errorBoundary.tryAgain")}
            </Button>
          )}
          {!exhausted && retries > 0 ? (
            <p className="text-xs text-muted-foreground">
              {t("errorBoundary.retriesUsed", { count: retries, max: ERROR_BOUNDARY_MAX_RETRIES })}
            </p>
          ) : null}
        </div>
      </div>
    );
  }
}
