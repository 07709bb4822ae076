// /dashboard/voice, AI Voice Over (spec 001 §2 Voice page): the script form (or, below Pro, the plan
// that includes it), the Preview & Download card, and one's kept voice-overs to play again.
import { FEATURE_PLAN, type VoiceOver } from "@tessera/contracts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "@/lib/toast";
import { errorMessage } from "@/lib/api-client";
import { useSubscription } from "@/lib/subscription";
import { useDocumentTitle } from "@/lib/use-document-title";
import type { SpokenVoiceOver } from "../api/generate-voice-over";
import { getVoiceOver } from "../api/get-voice-over";
import { VoiceForm } from "./voice-form";
import { VoiceLocked } from "./voice-locked";
import { VoiceOverList } from "./voice-over-list";
import { VoicePreview } from "./voice-preview";

export function VoicePage() {
  const { t } = useTranslation("voice");
  useDocumentTitle(t("page.title"));
  const { locked } = useSubscription();
  const isLocked = locked(FEATURE_PLAN.voice);
  const [current, setCurrent] = useState<{ voiceOver: SpokenVoiceOver; replay: boolean } | null>(null);
  const [loadingId, setLoadingId] = useState<string | null>(null);

  const play = (item: VoiceOver) => {
    setLoadingId(item.id);
    getVoiceOver(item.id)
      .then((voiceOver) => setCurrent({ voiceOver, replay: true }))
      .catch((err: unknown) =>
        toast.error(t("page.loadFailed"), {
          description: errorMessage(err) || t("messages.failedFallback"),
        }),
      )
      .finally(() => setLoadingId(null));
  };

  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-8 sm:px-8 sm:py-10">
      <header className="flex flex-col gap-2">
        <h1 className="text-3xl font-semibold tracking-tight">{t("page.title")}</h1>
        <p className="text-muted-foreground">{t("page.intro")}</p>
      </header>

      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        {isLocked ? (
          <VoiceLocked />
        ) : (
          <VoiceForm onGenerated={(voiceOver) => setCurrent({ voiceOver, replay: false })} />
        )}
        {/* Below Pro the card only appears for a kept voice-over played again. */}
        {isLocked && !current ? null : (
          <VoicePreview voiceOver={current?.voiceOver ?? null} autoPlay={current?.replay ?? false} />
        )}
      </div>

      <VoiceOverList
        currentId={current?.voiceOver.id ?? null}
        loadingId={loadingId}
        hideWhenEmpty={isLocked}
        onPlay={play}
        onDeleted={(id) => setCurrent((c) => (c?.voiceOver.id === id ? null : c))}
      />
    </div>
  );
}
