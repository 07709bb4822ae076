import type { GeneratedImage } from "@tessera/contracts";
import { useTranslation } from "react-i18next";
import { Badge } from "@/components/ui/badge";
import { statusLabel } from "../utils/format-image";

/** Spec 001 §4: completed secondary, failed destructive, anything else outline. */
export function ImageStatusBadge({
  status,
  className,
}: {
  status: GeneratedImage["status"];
  className?: string;
}) {
  const { t } = useTranslation("images");
  const variant = status === "completed" ? "secondary" : status === "failed" ? "destructive" : "outline";
  return (
    <Badge variant={variant} className={className}>
      {statusLabel(status, t)}
    </Badge>
  );
}
