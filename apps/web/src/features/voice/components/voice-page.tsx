// /dashboard/voice, AI Voice Over (spec 001 §2 Voice page): the script form (or, below Pro, the plan
// that includes it), the Preview & Download card, and one's kept voice-overs to play again.
import { FEATURE_PLAN, VOICE_MESSAGES, type VoiceOver } from "@tessera/contracts";
import { useState } from "react";
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
  useDocumentTitle("AI Voice Over");
  const { locked } = useSubscription();
  const isLocked = locked(FEATURE_PLAN.voice);
  const [current, setCurrent] = useState<{ voiceOver: SpokenVoiceOver; replay: boolean } | null>(null);
  const [loadingId, setLoadingId] = useState<string | null>(null);

  const play = (item: VoiceOver) => {
    setLoadingId(item.id);
    getVoiceOver(item.id)
      .then((voiceOver) => setCurrent({ voiceOver, replay: true }))
      .catch((err: unknown) =>
        toast.error("Could not load the voice-over", {
          description: errorMessage(err) || VOICE_MESSAGES.failedFallback,
        }),
      )
      .finally(() => setLoadingId(null));
  };

  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-8 sm:px-8 sm:py-10">
      <header className="flex flex-col gap-2">
        <h1 className="text-3xl font-semibold tracking-tight">AI Voice Over</h1>
        <p className="text-muted-foreground">
          Turn a script into a voice-over, preview it here and download it as an MP3.
        </p>
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
