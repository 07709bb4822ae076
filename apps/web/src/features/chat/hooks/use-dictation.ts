// Dictation (spec §4): idle → recording → processing (transcribing) → idle, the transcript handed to
// `onTranscript`. The microphone is held only while recording; every outcome is one of the spec's
// toasts (§8). Audio settings are the spec's (§9): webm else mp4, echo cancellation and noise
// suppression, 44.1 kHz, a chunk every second.
import { DICTATION_AUDIO, type DICTATION_MESSAGES } from "@tessera/contracts";
import i18next from "i18next";
import { useCallback, useEffect, useRef, useState } from "react";
import { toast } from "@/lib/toast";
import { ApiError } from "@/lib/api-client";
import { transcribeAudio } from "../api/transcribe-audio";

export type DictationState = "idle" | "recording" | "processing";

interface Take {
  recorder: MediaRecorder;
  stream: MediaStream;
  chunks: Blob[];
  startedAt: number;
  ticker: ReturnType<typeof setInterval>;
}

/** One of the spec's dictation texts (§8), in the app's language. */
const say = (key: Exclude<keyof typeof DICTATION_MESSAGES, "failedWithStatus">) =>
  i18next.t(`dictation.messages.${key}`, { ns: "chat" });

const stopTracks = (stream: MediaStream) => stream.getTracks().forEach((track) => track.stop());

function recordingType(): string | undefined {
  const supports = (type: string) =>
    typeof MediaRecorder.isTypeSupported !== "function" || MediaRecorder.isTypeSupported(type);
  return DICTATION_AUDIO.mimeTypes.find(supports);
}

/** The transcript after what is already written, separated by a space unless a line ends there. */
export function appendTranscript(current: string, transcript: string): string {
  if (!current.trim()) return transcript;
  return /\s$/.test(current) ? current + transcript : `${current} ${transcript}`;
}

export function useDictation(onTranscript: (text: string) => void) {
  const [state, setState] = useState<DictationState>("idle");
  const [seconds, setSeconds] = useState(0);
  const take = useRef<Take | null>(null);
  const starting = useRef(false);
  const mounted = useRef(true);
  const request = useRef<AbortController | null>(null);
  const deliver = useRef(onTranscript);
  useEffect(() => {
    deliver.current = onTranscript;
  });

  const transcribe = useCallback(async (recording: Blob) => {
    const controller = new AbortController();
    request.current = controller;
    try {
      const text = recording.size > 0 ? (await transcribeAudio(recording, controller.signal)).trim() : "";
      if (!text) {
        toast.error(say("transcriptionFailed"), { description: say("empty") });
        return;
      }
      deliver.current(text);
      toast.success(say("complete"));
    } catch (error) {
      if (controller.signal.aborted) return;
      const description =
        error instanceof ApiError && error.status >= 400
          ? i18next.t("dictation.messages.failedWithStatus", { ns: "chat", status: error.status })
          : say("couldNotConvert");
      toast.error(say("transcriptionFailed"), { description });
    } finally {
      request.current = null;
      if (mounted.current) setState("idle");
    }
  }, []);

  const stop = useCallback(() => {
    const current = take.current;
    if (!current) return;
    take.current = null;
    clearInterval(current.ticker);
    setState("processing");
    toast.info(say("processing"));
    // The recorder hands over its last chunk, then fires stop.
    const finish = () => {
      stopTracks(current.stream);
      const type = current.recorder.mimeType || current.chunks[0]?.type || "audio/webm";
      void transcribe(new Blob(current.chunks, { type }));
    };
    if (current.recorder.state === "inactive") return finish();
    current.recorder.onstop = finish;
    current.recorder.stop();
  }, [transcribe]);

  const start = useCallback(async () => {
    if (take.current || starting.current) return;
    if (typeof MediaRecorder === "undefined" || !navigator.mediaDevices?.getUserMedia) {
      toast.error(say("recordingFailed"), { description: say("unsupported") });
      return;
    }
    starting.current = true;
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({
        audio: { echoCancellation: true, noiseSuppression: true, sampleRate: DICTATION_AUDIO.sampleRate },
      });
    } catch {
      toast.error(say("recordingFailed"), { description: say("noMicrophone") });
      return;
    } finally {
      starting.current = false;
    }
    if (!mounted.current) return stopTracks(stream);
    let recorder: MediaRecorder;
    try {
      const mimeType = recordingType();
      recorder = new MediaRecorder(stream, mimeType ? { mimeType } : undefined);
      recorder.start(DICTATION_AUDIO.chunkMs);
    } catch {
      stopTracks(stream);
      toast.error(say("recordingFailed"), { description: say("unsupported") });
      return;
    }
    const chunks: Blob[] = [];
    recorder.ondataavailable = (event) => {
      if (event.data.size > 0) chunks.push(event.data);
    };
    const startedAt = Date.now();
    const ticker = setInterval(() => {
      const elapsed = Math.floor((Date.now() - startedAt) / 1000);
      setSeconds(elapsed);
      if (elapsed >= DICTATION_AUDIO.maxSeconds) stop();
    }, 250);
    take.current = { recorder, stream, chunks, startedAt, ticker };
    setSeconds(0);
    setState("recording");
    toast.info(say("recordingStarted"));
  }, [stop]);

  // Leaving the page mid-take releases the microphone and forgets the request.
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      const current = take.current;
      take.current = null;
      if (current) {
        clearInterval(current.ticker);
        current.recorder.onstop = null;
        if (current.recorder.state !== "inactive") current.recorder.stop();
        stopTracks(current.stream);
      }
      request.current?.abort();
    };
  }, []);

  const toggle = useCallback(() => {
    if (state === "idle") void start();
    else if (state === "recording") stop();
  }, [state, start, stop]);

  return { state, seconds, toggle };
}
