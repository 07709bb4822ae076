import type { ComparisonStatus } from "@tessera/contracts";
import { CircleAlert, CircleCheck, Clock, Radio, Square } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Badge } from "@/components/ui/badge";
import { Spinner } from "@/components/ui/spinner";

/**
 * Spec §4: pending → streaming → complete | error. A card stopped by the person keeps its status
 * (an abort is no state change) and shows a neutral "Stopped" instead of a live indicator.
 */
export function StatusBadge({
  status,
  stopped,
  live,
}: {
  status: ComparisonStatus;
  stopped: boolean;
  /** False for a stored answer: no spinner for a stream this page is not following. */
  live: boolean;
}) {
  const { t } = useTranslation("compare");
  if (stopped || status === "stopped")
    return (
      <Badge variant="outline" className="text-muted-foreground">
        <Square aria-hidden="true" />
        {t("status.stopped")}
      </Badge>
    );
  switch (status) {
    case "pending":
      return (
        <Badge variant="secondary">
          <Clock aria-hidden="true" />
          {t("status.pending")}
        </Badge>
      );
    case "streaming":
      return (
        <Badge variant="default">
          {live ? <Spinner className="size-3" /> : <Radio aria-hidden="true" />}
          {t("status.streaming")}
        </Badge>
      );
    case "complete":
      return (
        <Badge variant="success">
          <CircleCheck aria-hidden="true" />
          {t("status.complete")}
        </Badge>
      );
    case "error":
      return (
        <Badge variant="destructive">
          <CircleAlert aria-hidden="true" />
          {t("status.error")}
        </Badge>
      );
  }
}
