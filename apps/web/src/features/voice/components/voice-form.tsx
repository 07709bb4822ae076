// The voice-over form (spec 001 §2, §4, §5, §8): Script with its counter (input past 10,000 characters
// is cut), Voice, File name and Generate MP3, which does nothing more while a generation runs.
// Ctrl/⌘+Enter generates from the script.
import {
  DEFAULT_VOICE,
  DEFAULT_VOICE_FILE_NAME,
  VOICE_SCRIPT_MAX,
  VOICES,
  voiceFileName,
  type VoiceId,
} from "@tessera/contracts";
import { AudioLines } from "lucide-react";
import type { TFunction } from "i18next";
import { useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "@/lib/toast";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { FormField } from "@/components/ui/form-field";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Spinner } from "@/components/ui/spinner";
import { Textarea } from "@/components/ui/textarea";
import { cn } from "@/lib/utils";
import { useGenerateVoiceOver, type SpokenVoiceOver } from "../api/generate-voice-over";
import { useVoices } from "../api/get-voices";

/** The speech engines' notes as the server words them (providers/speech/espeak.ts, openai-speech.ts). */
const OFFLINE_NOTE =
  "Offline voices made on this server: clear, but synthetic. Natural voices need OpenAI TTS (OPENAI_API_KEY).";
const NATURAL_NOTE = /^Natural voices from (.+); scripts are sent to the speech service to be read\.$/;

/** A preset voice's character in the reader's words, while it is the spec's (contracts VOICES). */
function voiceDescription(voice: { id: string; description: string }, t: TFunction<"voice">): string {
  const preset = VOICES.find((v) => v.id === voice.id);
  return preset?.description === voice.description ? t(`voiceDescriptions.${preset.id}`) : voice.description;
}

function engineNote(note: string, t: TFunction<"voice">): string {
  if (note === OFFLINE_NOTE) return t("engineNotes.offline");
  const model = NATURAL_NOTE.exec(note)?.[1];
  return model ? t("engineNotes.natural", { model }) : note;
}

export function VoiceForm({ onGenerated }: { onGenerated: (made: SpokenVoiceOver) => void }) {
  const { t } = useTranslation("voice");
  const id = useId();
  const [text, setText] = useState("");
  const [voice, setVoice] = useState<VoiceId>(DEFAULT_VOICE);
  const [fileName, setFileName] = useState(DEFAULT_VOICE_FILE_NAME);
  const { voices, engine } = useVoices();
  const generate = useGenerateVoiceOver();
  // Set at once on click, so a second click before the next render cannot start another one.
  const busy = useRef(false);
  const running = generate.isPending;
  const blank = text.trim() === "";
  const atLimit = text.length >= VOICE_SCRIPT_MAX;

  const submit = () => {
    if (busy.current || running || blank) return;
    busy.current = true;
    generate.mutate(
      { text, voice, fileName },
      {
        onSuccess: (made) => {
          onGenerated(made);
          toast.success(t("messages.doneTitle"), { description: t("messages.doneDescription") });
        },
        onError: (error) =>
          toast.error(t("messages.failedTitle"), {
            description: error.message || t("messages.failedFallback"),
          }),
        onSettled: () => {
          busy.current = false;
        },
      },
    );
  };

  return (
    <Card>
      <CardContent className="pt-6">
        <form
          aria-label={t("form.label")}
          className="flex flex-col gap-5"
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <div className="flex flex-col gap-2">
            <div className="flex items-baseline justify-between gap-2">
              <Label htmlFor={`${id}-script`}>{t("form.script")}</Label>
              <span
                id={`${id}-count`}
                className={cn(
                  "text-xs tabular-nums",
                  atLimit ? "font-medium text-amber-700 dark:text-amber-400" : "text-muted-foreground",
                )}
              >
                {t("form.count", { count: text.length, max: VOICE_SCRIPT_MAX })}
              </span>
            </div>
            <Textarea
              id={`${id}-script`}
              value={text}
              maxLength={VOICE_SCRIPT_MAX}
              rows={8}
              placeholder={t("form.scriptPlaceholder")}
              aria-describedby={`${id}-count`}
              className="min-h-36 resize-y leading-relaxed sm:min-h-52"
              onChange={(e) => setText(e.target.value.slice(0, VOICE_SCRIPT_MAX))}
              onKeyDown={(e) => {
                if (e.key === "Enter" && (e.metaKey || e.ctrlKey)) {
                  e.preventDefault();
                  submit();
                }
              }}
            />
            {atLimit ? (
              <p className="text-xs text-muted-foreground">{t("form.cut", { max: VOICE_SCRIPT_MAX })}</p>
            ) : null}
          </div>

          <div className="grid gap-4 sm:grid-cols-2">
            <div className="flex min-w-0 flex-col gap-2">
              <Label htmlFor={`${id}-voice`}>{t("form.voice")}</Label>
              <Select value={voice} onValueChange={(v) => setVoice(v as VoiceId)}>
                <SelectTrigger id={`${id}-voice`} aria-describedby={engine ? `${id}-engine` : undefined}>
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {voices.map((v) => (
                    <SelectItem key={v.id} value={v.id} disabled={!v.available} hint={voiceDescription(v, t)}>
                      {v.name}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </div>
            <FormField
              label={t("form.fileName")}
              value={fileName}
              maxLength={120}
              autoComplete="off"
              spellCheck={false}
              onChange={(e) => setFileName(e.target.value)}
              onBlur={() => setFileName(voiceFileName(fileName))}
              hint={t("form.downloadsAs", { fileName: voiceFileName(fileName) })}
              className="min-w-0"
            />
          </div>

          {engine ? (
            <p id={`${id}-engine`} className="-mt-1 text-xs text-muted-foreground">
              {engineNote(engine.note, t)}
            </p>
          ) : null}

          <Button type="submit" disabled={running || blank} className="self-stretch sm:min-w-44 sm:self-end">
            {running ? <Spinner /> : <AudioLines aria-hidden="true" />}
            {running ? t("form.generating") : t("form.generate")}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
