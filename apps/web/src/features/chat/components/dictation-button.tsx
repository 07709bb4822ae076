import { Mic } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { Tooltip, TooltipContent, TooltipTrigger } from "@/components/ui/tooltip";
import { cn } from "@/lib/utils";
import { useTranscriptionStatus } from "../api/get-transcription-status";
import { useDictation } from "../hooks/use-dictation";
import { useTranslation } from "react-i18next";

const clock = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;

/**
 * The voice dictation button beside the message box (spec §2): click to record, click again to stop;
 * the words then arrive through `onTranscript`. Its tooltip says when the recogniser is the basic
 * offline one, or that dictation is not set up on this server.
 */
export function DictationButton({
  onTranscript,
  className,
}: {
  onTranscript: (text: string) => void;
  className?: string;
}) {
  const { t } = useTranslation("chat");
  const [curious, setCurious] = useState(false);
  const { data: status } = useTranscriptionStatus(curious);
  const { state, seconds, toggle } = useDictation(onTranscript);
  const unavailable = status?.available === false && state === "idle";
  const recording = state === "recording";
  const processing = state === "processing";

  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          aria-label={t("dictation.label")}
          aria-pressed={recording}
          aria-busy={processing}
          aria-disabled={unavailable || undefined}
          disabled={processing}
          onPointerEnter={() => setCurious(true)}
          onFocus={() => setCurious(true)}
          onClick={(event) => {
            if (unavailable) event.preventDefault();
            else toggle();
          }}
          className={cn(
            "relative size-8 text-muted-foreground",
            recording &&
              "w-auto gap-1.5 bg-red-600 px-2 text-white hover:bg-red-700 hover:text-white focus-visible:ring-red-500/40",
            unavailable && "cursor-not-allowed opacity-60 hover:bg-transparent",
            className,
          )}
        >
          {recording ? (
            <span
              aria-hidden="true"
              className="pointer-events-none absolute -inset-1 rounded-xl bg-red-500/25 motion-safe:animate-pulse"
            />
          ) : null}
          {processing ? <Spinner /> : <Mic aria-hidden="true" />}
          {recording ? (
            <span className="relative text-xs font-medium tabular-nums" data-testid="dictation-timer">
              {clock(seconds)}
            </span>
          ) : null}
        </Button>
      </TooltipTrigger>
      <TooltipContent className="max-w-64">
        {recording ? (
          t("dictation.stop")
        ) : processing ? (
          t("dictation.transcribing")
        ) : unavailable ? (
          status.description
        ) : (
          <>
            {t("dictation.dictate")}
            {status?.basic ? (
              <span className="mt-0.5 block font-normal opacity-80">{status.description}</span>
            ) : null}
          </>
        )}
      </TooltipContent>
    </Tooltip>
  );
}
