import { useEffect } from "react";
import { ModelAvatar } from "./model-avatar";
import { useTranslation } from "react-i18next";

export const INTRO_OVERLAY_MS = 1200;

/** Spec §2: a short intro after a model is chosen from the welcome screen (1.2 s), then gone. */
export function IntroOverlay({ modelName, onDone }: { modelName: string; onDone: () => void }) {
  const { t } = useTranslation("chat");
  useEffect(() => {
    const timer = setTimeout(onDone, INTRO_OVERLAY_MS);
    return () => clearTimeout(timer);
  }, [onDone]);

  return (
    <div
      role="status"
      data-testid="intro-overlay"
      className="pointer-events-none absolute inset-0 z-20 flex animate-intro items-center justify-center bg-background/75 backdrop-blur-sm"
    >
      <div className="flex flex-col items-center gap-4 text-center">
        <span className="relative flex">
          <span className="absolute inset-0 animate-ping rounded-2xl bg-primary/25" aria-hidden="true" />
          <ModelAvatar className="relative size-16 rounded-2xl" />
        </span>
        <p className="text-lg font-semibold tracking-tight">{t("intro.starting", { model: modelName })}</p>
      </div>
    </div>
  );
}
