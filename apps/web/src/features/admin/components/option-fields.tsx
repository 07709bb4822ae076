// The options a connection's kind takes: the models a server serves unlisted (or an image server
// draws), the model speech and transcription use, the sender of mail.
import type { ConnectionKind } from "@tessera/contracts";
import { FormField } from "@/components/ui/form-field";

interface Values {
  models: string;
  model: string;
  from: string;
}

export function OptionFields({
  kind,
  values,
  onChange,
}: {
  kind: ConnectionKind;
  values: Values;
  onChange: (patch: Partial<Values>) => void;
}) {
  return (
    <>
      {kind === "openai-compatible" || kind === "openai-images" ? (
        <FormField
          label={kind === "openai-images" ? "Models it draws" : "More models (optional)"}
          value={values.models}
          onChange={(e) => onChange({ models: e.target.value })}
          placeholder={kind === "openai-images" ? "flux-schnell, sdxl" : "qwen2.5:7b"}
          hint={
            kind === "openai-images"
              ? "Comma-separated: these join the image models. Leave empty for OpenAI itself (gpt-image-1)."
              : "Comma-separated: models it serves without listing them."
          }
        />
      ) : null}
      {kind === "openai-speech" || kind === "openai-transcription" ? (
        <FormField
          label="Model (optional)"
          value={values.model}
          onChange={(e) => onChange({ model: e.target.value })}
          placeholder={kind === "openai-speech" ? "gpt-4o-mini-tts" : "whisper-1"}
        />
      ) : null}
      {kind === "smtp" ? (
        <FormField
          label="Sender (optional)"
          value={values.from}
          onChange={(e) => onChange({ from: e.target.value })}
          placeholder="Tessera <no-reply@example.com>"
          hint="The From of every mail; many servers accept only their own addresses."
        />
      ) : null}
    </>
  );
}
