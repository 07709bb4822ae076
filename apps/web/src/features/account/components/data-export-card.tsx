import { Download } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { toast } from "@/lib/toast";
import { useExportAllConversations } from "../api/export-conversations";

/** Every conversation of the person, to keep or to take to another tool. */
export function DataExportCard() {
  const download = useExportAllConversations();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Your conversations</CardTitle>
        <CardDescription>
          Download every conversation with all its messages, their sources and when they were written, as one
          JSON file.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Button
          variant="outline"
          disabled={download.isPending}
          onClick={() =>
            download.mutate(undefined, { onError: () => toast.error("Failed to download conversations") })
          }
        >
          {download.isPending ? <Spinner /> : <Download aria-hidden="true" />}
          {download.isPending ? "Preparing download..." : "Download all conversations"}
        </Button>
      </CardContent>
    </Card>
  );
}
