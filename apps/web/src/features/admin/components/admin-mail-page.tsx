// Admin → Mail: the outbox. Without a mail server, confirmation and reset links wait here (and in the
// server's console) for the admin to hand them on; with one, it is the record of what went out.
import type { OutboxMessage } from "@tessera/contracts";
import { Copy, MailWarning } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { PageSpinner, Spinner } from "@/components/ui/spinner";
import { errorMessage } from "@/lib/api-client";
import { useAuth } from "@/lib/auth-context";
import { copyText } from "@/lib/clipboard";
import { useDocumentTitle } from "@/lib/use-document-title";
import { useAdminMail } from "../api/get-admin-mail";

const STATUS: Record<OutboxMessage["status"], "secondary" | "success" | "destructive"> = {
  outbox: "secondary",
  sent: "success",
  failed: "destructive",
};

export function AdminMailPage() {
  const { t } = useTranslation("admin");
  useDocumentTitle(t("mail.title"));
  const { user } = useAuth();
  const isAdmin = user?.role === "admin";
  const mail = useAdminMail(isAdmin);
  const messages = mail.data?.pages.flatMap((p) => p.messages) ?? [];
  const mailConfigured = mail.data?.pages[0]?.mailConfigured ?? true;

  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-6 p-4 md:p-8">
      <header>
        <h1 className="text-2xl font-semibold tracking-tight">{t("mail.title")}</h1>
        <p className="text-sm text-muted-foreground">{t("mail.intro")}</p>
      </header>
      {!isAdmin ? (
        <p role="alert">{t("mail.adminsOnly")}</p>
      ) : mail.error ? (
        <p role="alert">{errorMessage(mail.error)}</p>
      ) : mail.isPending ? (
        <PageSpinner />
      ) : (
        <>
          {!mailConfigured ? (
            <Alert variant="info">
              <MailWarning aria-hidden="true" />
              <AlertTitle>{t("mail.noServer")}</AlertTitle>
              <AlertDescription>{t("mail.noServerText")}</AlertDescription>
            </Alert>
          ) : null}
          {messages.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t("mail.none")}</p>
          ) : (
            <ul aria-label={t("mail.messages")} className="flex flex-col gap-3">
              {messages.map((message) => (
                <MessageRow key={message.id} message={message} />
              ))}
            </ul>
          )}
          {mail.hasNextPage ? (
            <Button
              variant="outline"
              className="self-center"
              disabled={mail.isFetchingNextPage}
              onClick={() => void mail.fetchNextPage()}
            >
              {mail.isFetchingNextPage ? <Spinner /> : null}
              {t("mail.older")}
            </Button>
          ) : null}
        </>
      )}
    </div>
  );
}

function MessageRow({ message }: { message: OutboxMessage }) {
  const { t } = useTranslation("admin");
  const variant = STATUS[message.status];
  const at = new Date(message.createdAt);
  return (
    <li>
      <Card className="py-0">
        <CardContent className="flex flex-col gap-2 py-4">
          <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
            <span className="font-medium break-all">{message.to}</span>
            <span className="text-sm text-muted-foreground">{message.subject}</span>
            <Badge variant={variant} className="ml-auto">
              {t(`mail.status.${message.status}`)}
            </Badge>
            <time dateTime={message.createdAt} className="text-xs text-muted-foreground">
              {at.toLocaleString()}
            </time>
          </div>
          {message.error ? <p className="text-sm text-destructive">{message.error}</p> : null}
          {message.link ? (
            <div className="flex items-center gap-2">
              <code className="min-w-0 flex-1 truncate rounded bg-muted px-2 py-1 font-mono text-xs">
                {message.link}
              </code>
              <Button
                variant="outline"
                size="sm"
                aria-label={t("mail.copyLabel", { to: message.to })}
                onClick={() => void copyText(message.link ?? "")}
              >
                <Copy aria-hidden="true" />
                {t("mail.copy")}
              </Button>
            </div>
          ) : null}
        </CardContent>
      </Card>
    </li>
  );
}
