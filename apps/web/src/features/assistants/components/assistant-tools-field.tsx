// The assistant's tool set: the tools (GET /api/tools) a conversation with it starts with switched on.
import { toolSummarySchema } from "@tessera/contracts";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { Switch } from "@/components/ui/switch";
import { apiRequest } from "@/lib/api-client";
import { ToolName } from "@/components/tool-name";
import { useCatalogueTexts } from "@/lib/catalogue-texts";

export function AssistantToolsField({
  tools,
  onChange,
}: {
  tools: string[] | null;
  onChange: (tools: string[]) => void;
}) {
  const { t } = useTranslation("assistants");
  const texts = useCatalogueTexts();
  const list = useQuery({
    queryKey: ["tools"],
    queryFn: async ({ signal }) =>
      (await apiRequest("/api/tools", { schema: z.array(toolSummarySchema), signal })).data,
    staleTime: 60_000,
  });
  const on = new Set(tools ?? []);
  if (list.isPending) return <p className="text-sm text-muted-foreground">{t("tools.loading")}</p>;
  if (list.isError) return <p className="text-sm text-destructive">{t("tools.loadFailed")}</p>;
  if (!list.data.length) return <p className="text-sm text-muted-foreground">{t("tools.none")}</p>;
  return (
    <ul className="flex flex-col gap-2">
      {list.data.map((tool) => {
        const id = `assistant-tool-${tool.id}`;
        return (
          <li key={tool.id} className="flex items-start gap-3">
            <Switch
              id={id}
              checked={on.has(tool.id)}
              onCheckedChange={(checked) =>
                onChange(checked ? [...on, tool.id] : [...on].filter((t) => t !== tool.id))
              }
            />
            <label htmlFor={id} className="flex min-w-0 flex-col text-sm">
              <ToolName tool={tool} />
              <span className="line-clamp-2 text-xs text-muted-foreground">
                {texts.toolDescription(tool)}
              </span>
            </label>
          </li>
        );
      })}
    </ul>
  );
}
