import { useTranslation } from "react-i18next";
import { useDocumentTitle } from "@/lib/use-document-title";
import { ApiKeysCard } from "./api-keys-card";
import { DataExportCard } from "./data-export-card";
import { ImportConversationsCard } from "./import-conversations-card";
import { LanguageCard } from "./language-card";
import { ProfileCard } from "./profile-card";
import { TwoFactorCard } from "./two-factor-card";

/** /dashboard/account: the signed-in person's own settings. */
export function AccountPage() {
  const { t } = useTranslation("account");
  useDocumentTitle(t("page.title"));
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-8 px-4 py-10 sm:px-8">
      <header className="flex flex-col gap-2">
        <h1 className="text-3xl font-semibold tracking-tight">{t("page.title")}</h1>
        <p className="text-muted-foreground">{t("page.intro")}</p>
      </header>
      <ProfileCard />
      <LanguageCard />
      <TwoFactorCard />
      <ApiKeysCard />
      <DataExportCard />
      <ImportConversationsCard />
    </div>
  );
}
