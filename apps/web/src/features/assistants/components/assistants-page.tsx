// /dashboard/assistants: the built-in assistants, the person's own and others' public ones, in tabs
// (Favorites, Built-in, Mine, Public, and Shared or Team only when there are such). The tab is kept
// in the address (`?tab=`), so a reload or a shared link opens the same one.
import type { Assistant } from "@tessera/contracts";
import { CircleAlert } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { toast } from "@/lib/toast";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { PageSpinner } from "@/components/ui/spinner";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { errorMessage } from "@/lib/api-client";
import { useDocumentTitle } from "@/lib/use-document-title";
import { formatCount } from "@/lib/utils";
import { useDeleteAssistant } from "../api/delete-assistant";
import { useAssistants } from "../api/get-assistants";
import { assistantTabs, defaultTab, isAssistantTab, type AssistantTab } from "../utils/assistant-tabs";
import { AssistantCard } from "./assistant-card";
import { AssistantFormDialog } from "./assistant-form-dialog";
import { DeleteAssistantDialog } from "./delete-assistant-dialog";
import { EmptyTab } from "./empty-tab";
import { NewAssistantButton } from "./new-assistant-button";

export function AssistantsPage() {
  const { t } = useTranslation("assistants");
  useDocumentTitle(t("page.title"));
  const { data, error, isPending } = useAssistants();
  const [params, setParams] = useSearchParams();
  const [form, setForm] = useState<{ assistant: Assistant | null } | null>(null);
  const [deleting, setDeleting] = useState<Assistant | null>(null);
  const remove = useDeleteAssistant();

  // Chosen once, when the list first arrives: starring an assistant must not switch tabs under you.
  const [firstTab, setFirstTab] = useState<AssistantTab | null>(null);
  if (data && firstTab === null) setFirstTab(defaultTab(data));
  const tabs = assistantTabs(data ?? []);
  const asked = params.get("tab");
  const tab: AssistantTab =
    isAssistantTab(asked) && tabs.some((t) => t.tab === asked) ? asked : (firstTab ?? "built-in");
  const showTab = (next: string) =>
    setParams(
      (p) => {
        p.set("tab", next);
        return p;
      },
      { replace: true },
    );
  const create = () => setForm({ assistant: null });

  const confirmDelete = (assistant: Assistant) => {
    setDeleting(null);
    remove.mutate(assistant.id, {
      onSuccess: () => toast.success(t("page.deleted"), { description: assistant.name }),
      onError: (err) => toast.error(t("page.deleteFailed"), { description: errorMessage(err) }),
    });
  };

  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-8 sm:px-8 sm:py-10">
      <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="flex flex-col gap-2">
          <h1 className="text-3xl font-semibold tracking-tight">{t("page.title")}</h1>
          <p className="text-muted-foreground">{t("page.intro")}</p>
        </div>
        <NewAssistantButton onCreate={create} className="self-start sm:self-auto" />
      </header>

      {isPending ? (
        <PageSpinner label={t("page.loading")} />
      ) : error ? (
        <Alert variant="destructive" role="alert">
          <CircleAlert aria-hidden="true" />
          <AlertDescription>{t("page.loadFailed", { reason: errorMessage(error) })}</AlertDescription>
        </Alert>
      ) : (
        <Tabs value={tab} onValueChange={showTab} className="flex flex-col gap-5">
          <TabsList className="w-full justify-start overflow-x-auto sm:w-fit">
            {tabs.map(({ tab: name, assistants }) => (
              <TabsTrigger key={name} value={name} className="flex-none gap-1 px-2 sm:gap-1.5 sm:px-3">
                {t(`tabs.${name}`)}
                <span className="rounded-full bg-foreground/8 px-1.5 text-xs tabular-nums">
                  {formatCount(assistants.length)}
                </span>
              </TabsTrigger>
            ))}
          </TabsList>
          {tabs.map(({ tab: name, assistants }) => (
            <TabsContent key={name} value={name}>
              {assistants.length === 0 ? (
                <EmptyTab tab={name} onCreate={create} />
              ) : (
                <ul aria-label={t(`tabs.${name}`)} className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
                  {assistants.map((a) => (
                    <li key={a.id}>
                      <AssistantCard
                        assistant={a}
                        onEdit={(assistant) => setForm({ assistant })}
                        onDelete={setDeleting}
                      />
                    </li>
                  ))}
                </ul>
              )}
            </TabsContent>
          ))}
        </Tabs>
      )}

      <AssistantFormDialog
        open={form !== null}
        onOpenChange={(open) => (open ? undefined : setForm(null))}
        assistant={form?.assistant ?? null}
        onSaved={(_saved, created) => {
          setForm(null);
          if (created) showTab("mine");
        }}
      />
      <DeleteAssistantDialog
        assistant={deleting}
        onCancel={() => setDeleting(null)}
        onConfirm={confirmDelete}
      />
    </div>
  );
}
