import { useTranslation } from "react-i18next";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { errorMessage } from "@/lib/api-client";
import { applyAccountLanguage } from "@/lib/i18n";
import { isLanguage, LANGUAGE_NAMES, LANGUAGES } from "@/lib/languages";
import { toast } from "@/lib/toast";
import { useProfile } from "../api/get-profile";
import { useUpdateProfile } from "../api/update-profile";

/** Stands for "no choice" in the select: Radix gives no item an empty value. */
const BROWSER = "browser";

/** The person's language, stored on the account: the app and their mail follow it. */
export function LanguageCard() {
  const { t } = useTranslation("account");
  const { data: profile } = useProfile();
  const update = useUpdateProfile();
  const value = profile?.language ?? BROWSER;

  const choose = (next: string) => {
    const language = isLanguage(next) ? next : null;
    update.mutate(
      { language },
      {
        // The page switches once the account holds the choice, so what is shown is what is stored.
        onSuccess: () => void applyAccountLanguage(language),
        onError: (err) => toast.error(t("language.saveFailed"), { description: errorMessage(err) }),
      },
    );
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("language.title")}</CardTitle>
        <CardDescription>{t("language.description")}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-2 sm:max-w-xs">
        <Label htmlFor="account-language">{t("language.label")}</Label>
        <Select value={value} onValueChange={choose} disabled={!profile || update.isPending}>
          <SelectTrigger id="account-language" data-testid="language-select">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={BROWSER}>{t("language.browser")}</SelectItem>
            {LANGUAGES.map((language) => (
              // Each language in its own words and script, so a reader finds theirs in any language.
              <SelectItem key={language} value={language} lang={language}>
                {LANGUAGE_NAMES[language]}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </CardContent>
    </Card>
  );
}
