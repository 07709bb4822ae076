// The MP3 of an answer as a blob: URL (the page's CSP plays media from 'self', data: and blob:).
import { useEffect, useState } from "react";

export function mp3Blob(base64: string): Blob {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return new Blob([bytes], { type: "audio/mpeg" });
}

/** A blob: URL of the base64 MP3 for as long as it is shown; revoked when it changes or goes. */
export function useAudioUrl(base64: string | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!base64) return setUrl(null);
    const made = URL.createObjectURL(mp3Blob(base64));
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [base64]);
  return url;
}
