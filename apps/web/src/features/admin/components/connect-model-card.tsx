// "Connect a model": on an instance where only Tessera Local answers, the admin's chat opens with the
// three fastest ways to a real model: an OpenRouter key, an Ollama (or other OpenAI-compatible)
// server, or an open model downloaded to run here. Dismissed once, it stays away.
import type { ModelsResponse } from "@tessera/contracts";
import type { TFunction } from "i18next";
import { Download, KeyRound, Server, X } from "lucide-react";
import { useState, type FormEvent, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { errorMessage } from "@/lib/api-client";
import { useAuth } from "@/lib/auth-context";
import { useModels } from "@/lib/models-query";
import { toast } from "@/lib/toast";
import { useQuickConnect } from "../api/quick-connect";

const dismissedKey = (userId: string) => `tessera.connect-model.dismissed:${userId}`;

function readDismissed(userId: string): boolean {
  try {
    return localStorage.getItem(dismissedKey(userId)) === "1";
  } catch {
    return false;
  }
}

/** Some model other than the built-in offline one can answer. */
export const hasRealModel = (models: ModelsResponse) =>
  models.groups.some((g) =>
    g.models.some((m) => m.available && m.provider !== null && m.provider !== "tessera-local"),
  );

export function ConnectModelCard() {
  const { t } = useTranslation("connect");
  const { user } = useAuth();
  const { data } = useModels();
  const [dismissedNow, setDismissed] = useState(false);
  if (!user || user.role !== "admin" || !data || hasRealModel(data)) return null;
  if (dismissedNow || readDismissed(user.id)) return null;

  // "… in <link>Admin → Connections</link>.": split here rather than by <Trans>, whose code the chat
  // would otherwise load for this one sentence.
  const more = t("more").split(/<\/?link>/);

  const dismiss = () => {
    try {
      localStorage.setItem(dismissedKey(user.id), "1");
    } catch {
      // Private mode: it stays away for this page's life.
    }
    setDismissed(true);
  };

  return (
    <section
      aria-labelledby="connect-model-title"
      className="relative mx-auto mt-6 flex w-[calc(100%-2rem)] max-w-3xl animate-rise-in flex-col gap-4 rounded-2xl border border-primary/25 bg-card p-5 shadow-sm"
    >
      <Button
        variant="ghost"
        size="icon"
        className="absolute end-2 top-2"
        aria-label={t("dismiss")}
        onClick={dismiss}
      >
        <X aria-hidden="true" />
      </Button>
      <header className="flex flex-col gap-1 pe-8">
        <h2 id="connect-model-title" className="text-lg font-semibold tracking-tight">
          {t("title")}
        </h2>
        <p className="text-sm text-muted-foreground">{t("intro")}</p>
      </header>
      <div className="grid gap-3 md:grid-cols-3">
        <QuickConnect
          icon={<KeyRound className="size-4" aria-hidden="true" />}
          title={t("openRouter.title")}
          text={t("openRouter.text")}
          label={t("openRouter.label")}
          type="password"
          placeholder={t("openRouter.placeholder")}
          connect={(value) => ({ kind: "openrouter", name: "OpenRouter", apiKey: value })}
          onConnected={dismiss}
        />
        <QuickConnect
          icon={<Server className="size-4" aria-hidden="true" />}
          title={t("ollama.title")}
          text={t("ollama.text")}
          label={t("ollama.label")}
          type="url"
          placeholder={t("ollama.placeholder")}
          connect={(value) => ({
            kind: "openai-compatible",
            name: serverName(value, t),
            baseUrl: value,
          })}
          onConnected={dismiss}
        />
        <div className="flex flex-col gap-2 rounded-xl border bg-muted/30 p-3">
          <h3 className="flex items-center gap-2 text-sm font-medium">
            <Download className="size-4" aria-hidden="true" />
            {t("local.title")}
          </h3>
          <p className="text-xs text-muted-foreground">{t("local.text")}</p>
          <Button asChild variant="outline" size="sm" className="mt-auto">
            <Link to="/dashboard/admin/local-models">{t("local.choose")}</Link>
          </Button>
        </div>
      </div>
      <p className="text-xs text-muted-foreground">
        {more[0]}
        <Link
          to="/dashboard/admin/connections"
          className="font-medium text-primary underline-offset-4 hover:underline"
        >
          {more[1]}
        </Link>
        {more[2]}
      </p>
    </section>
  );
}

/** Ollama listens on 11434; any other server is named after its host. */
function serverName(address: string, t: TFunction<"connect">): string {
  try {
    const url = new URL(address);
    return url.port === "11434" ? "Ollama" : t("serverAt", { host: url.host });
  } catch {
    return t("server");
  }
}

function QuickConnect({
  icon,
  title,
  text,
  label,
  type,
  placeholder,
  connect,
  onConnected,
}: {
  icon: ReactNode;
  title: string;
  text: string;
  label: string;
  type: "password" | "url";
  placeholder: string;
  connect: (value: string) => Parameters<ReturnType<typeof useQuickConnect>["mutate"]>[0];
  onConnected: () => void;
}) {
  const { t } = useTranslation("connect");
  const [value, setValue] = useState("");
  const [failure, setFailure] = useState<string | null>(null);
  const create = useQuickConnect();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!value.trim()) return;
    setFailure(null);
    create.mutate(connect(value.trim()), {
      onSuccess: (made) => {
        toast.success(t("connected", { name: made.name }), {
          description: t("inPicker"),
        });
        onConnected();
      },
      onError: (err) => setFailure(errorMessage(err)),
    });
  };
  return (
    <form
      onSubmit={submit}
      className="flex flex-col gap-2 rounded-xl border bg-muted/30 p-3"
      aria-label={title}
    >
      <h3 className="flex items-center gap-2 text-sm font-medium">
        {icon}
        {title}
      </h3>
      <p className="text-xs text-muted-foreground">{text}</p>
      <Input
        aria-label={label}
        type={type}
        value={value}
        onChange={(e) => setValue(e.target.value)}
        placeholder={placeholder}
        autoComplete="off"
        spellCheck={false}
        className="h-9"
      />
      {failure ? (
        <p role="alert" className="text-xs break-words text-destructive">
          {failure}
        </p>
      ) : null}
      <Button type="submit" size="sm" className="mt-auto" disabled={create.isPending || !value.trim()}>
        {create.isPending ? t("testing") : t("connect")}
      </Button>
    </form>
  );
}
