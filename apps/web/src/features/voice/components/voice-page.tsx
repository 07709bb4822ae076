import { AudioLines } from "lucide-react";
import { ComingSoon } from "@/components/coming-soon";

export function VoicePage() {
  return (
    <ComingSoon
      title="AI Voice Over"
      icon={AudioLines}
      description="Turn a script of up to 10,000 characters into a natural voice-over you can preview and download as an MP3."
      highlights={[
        "Six voices, from neutral to energetic",
        "Preview in the browser",
        "Download as MP3 with your own file name",
      ]}
    />
  );
}
