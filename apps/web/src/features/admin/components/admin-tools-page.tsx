// Admin → Tools: the MCP servers whose tools models may call, for everyone on this instance. Each
// shows whether it answers (connected with its tool count, or failing with the reason), its tools
// with a switch each, and whether every call waits for the person's approval. Built-in tools
// (web search, reading a page, documents, images, the time) need no setting.
import { Plus, Wrench } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { PageSpinner } from "@/components/ui/spinner";
import { errorMessage } from "@/lib/api-client";
import { useAuth } from "@/lib/auth-context";
import { useDocumentTitle } from "@/lib/use-document-title";
import { useMcpServers } from "../api/get-mcp-servers";
import { McpServerCard } from "./mcp-server-card";
import { McpServerDialog } from "./mcp-server-dialog";

export function AdminToolsPage() {
  const { t } = useTranslation("admin");
  useDocumentTitle(t("tools.title"));
  const { user } = useAuth();
  const isAdmin = user?.role === "admin";
  const { data, error, isPending } = useMcpServers(isAdmin);
  const [adding, setAdding] = useState(false);

  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-6 p-4 md:p-8">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div className="flex flex-col gap-1">
          <h1 className="text-2xl font-semibold tracking-tight">{t("tools.title")}</h1>
          <p className="max-w-2xl text-sm text-muted-foreground">{t("tools.intro")}</p>
        </div>
        {isAdmin ? (
          <Button onClick={() => setAdding(true)}>
            <Plus aria-hidden="true" />
            {t("mcp.add")}
          </Button>
        ) : null}
      </header>
      {!isAdmin ? (
        <p role="alert">{t("tools.adminsOnly")}</p>
      ) : error ? (
        <p role="alert">{errorMessage(error)}</p>
      ) : isPending ? (
        <PageSpinner label={t("tools.loading")} />
      ) : data.length === 0 ? (
        <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed p-10 text-center">
          <Wrench className="size-6 text-muted-foreground" aria-hidden="true" />
          <p className="font-medium">{t("tools.none")}</p>
          <p className="max-w-md text-sm text-muted-foreground">{t("tools.noneText")}</p>
        </div>
      ) : (
        <ul className="flex flex-col gap-4" aria-label={t("tools.servers")}>
          {data.map((server) => (
            <li key={server.id}>
              <McpServerCard server={server} />
            </li>
          ))}
        </ul>
      )}
      <McpServerDialog open={adding} onOpenChange={setAdding} />
    </div>
  );
}
