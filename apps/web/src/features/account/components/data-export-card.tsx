import { Download } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { toast } from "@/lib/toast";
import { useExportAllConversations } from "../api/export-conversations";

/** Every conversation of the person, to keep or to take to another tool. */
export function DataExportCard() {
  const { t } = useTranslation("account");
  const download = useExportAllConversations();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("export.title")}</CardTitle>
        <CardDescription>{t("export.description")}</CardDescription>
      </CardHeader>
      <CardContent>
        <Button
          variant="outline"
          disabled={download.isPending}
          onClick={() => download.mutate(undefined, { onError: () => toast.error(t("export.failed")) })}
        >
          {download.isPending ? <Spinner /> : <Download aria-hidden="true" />}
          {download.isPending ? t("export.preparing") : t("export.download")}
        </Button>
      </CardContent>
    </Card>
  );
}
