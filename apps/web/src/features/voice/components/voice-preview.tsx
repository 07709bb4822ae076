// The Preview & Download card (spec 001 §2): the voice-over's player, its duration as m:ss and a
// Download MP3 link under its file name; until there is one, the spec's empty state.
import { VOICES } from "@tessera/contracts";
import { AudioLines, Download } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import type { SpokenVoiceOver } from "../api/generate-voice-over";
import { useAudioUrl } from "../utils/audio-url";
import { formatDuration } from "../utils/format-voice";

const voiceName = (id: string) => VOICES.find((v) => v.id === id)?.name ?? id;

export function VoicePreview({
  voiceOver,
  autoPlay,
}: {
  voiceOver: SpokenVoiceOver | null;
  autoPlay: boolean;
}) {
  const { t } = useTranslation("voice");
  const url = useAudioUrl(voiceOver?.audioContent ?? null);
  return (
    <Card aria-labelledby="voice-preview-heading" role="region" className="min-w-0">
      <CardHeader className="pb-4">
        <CardTitle id="voice-preview-heading">{t("preview.title")}</CardTitle>
        <CardDescription>{t("preview.description")}</CardDescription>
      </CardHeader>
      <CardContent>
        {voiceOver && url ? (
          <div className="flex flex-col gap-4">
            <audio
              key={voiceOver.id}
              controls
              autoPlay={autoPlay}
              src={url}
              aria-label={t("preview.player")}
              className="w-full"
            />
            <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1.5 text-sm">
              <dt className="text-muted-foreground">{t("preview.duration")}</dt>
              <dd className="font-medium tabular-nums" data-testid="voice-duration">
                {formatDuration(voiceOver.durationMs)}
              </dd>
              <dt className="text-muted-foreground">{t("preview.voice")}</dt>
              <dd>{voiceName(voiceOver.voice)}</dd>
              <dt className="text-muted-foreground">{t("preview.file")}</dt>
              <dd className="truncate" title={voiceOver.fileName}>
                {voiceOver.fileName}
              </dd>
            </dl>
            <Button asChild className="self-stretch sm:self-start">
              <a href={url} download={voiceOver.fileName}>
                <Download aria-hidden="true" />
                {t("preview.download")}
              </a>
            </Button>
          </div>
        ) : (
          <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed px-6 py-10 text-center">
            <span className="flex size-11 items-center justify-center rounded-full bg-muted text-muted-foreground">
              <AudioLines aria-hidden="true" className="size-5" />
            </span>
            <p className="max-w-xs text-sm text-muted-foreground">{t("messages.empty")}</p>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
