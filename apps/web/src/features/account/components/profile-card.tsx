import type { Profile } from "@tessera/contracts";
import { CircleAlert } from "lucide-react";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "@/lib/toast";
import { Alert, AlertDescription, FormError } from "@/components/ui/alert";
import { Avatar } from "@/components/ui/avatar";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { FormField } from "@/components/ui/form-field";
import { PageSpinner, Spinner } from "@/components/ui/spinner";
import { errorMessage } from "@/lib/api-client";
import { useAuth } from "@/lib/auth-context";
import { useProfile } from "../api/get-profile";
import { useUpdateProfile } from "../api/update-profile";

export function ProfileCard() {
  const { t } = useTranslation("account");
  const { data: profile, error, isPending } = useProfile();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("profile.title")}</CardTitle>
        <CardDescription>{t("profile.description")}</CardDescription>
      </CardHeader>
      {isPending ? (
        <PageSpinner label={t("profile.loading")} />
      ) : profile ? (
        <ProfileForm
          key={`${profile.fullName}|${profile.avatarUrl}|${profile.avatarSrc}`}
          profile={profile}
        />
      ) : (
        <CardContent>
          <Alert variant="destructive" role="alert">
            <CircleAlert aria-hidden="true" />
            <AlertDescription>{t("profile.loadFailed", { reason: errorMessage(error) })}</AlertDescription>
          </Alert>
        </CardContent>
      )}
    </Card>
  );
}

function ProfileForm({ profile }: { profile: Profile }) {
  const { t } = useTranslation("account");
  const { refresh } = useAuth();
  const update = useUpdateProfile();
  const [fullName, setFullName] = useState(profile.fullName ?? "");
  const [avatarUrl, setAvatarUrl] = useState(profile.avatarUrl ?? "");
  const nameChanged = fullName.trim() !== (profile.fullName ?? "");
  const avatarChanged = avatarUrl.trim() !== (profile.avatarUrl ?? "");

  const submit = (event: FormEvent) => {
    event.preventDefault();
    update.mutate(
      {
        ...(nameChanged ? { fullName: fullName.trim() } : {}),
        ...(avatarChanged ? { avatarUrl: avatarUrl.trim() } : {}),
      },
      {
        onSuccess: () => {
          toast.success(t("profile.updated"));
          void refresh();
        },
        onError: (err) => toast.error(t("profile.saveFailed"), { description: errorMessage(err) }),
      },
    );
  };

  return (
    <form onSubmit={submit}>
      <CardContent className="flex flex-col gap-6">
        {update.error ? <FormError message={errorMessage(update.error)} /> : null}
        <div className="flex items-center gap-4">
          <Avatar
            // Our own copy of the saved picture: the CSP allows images from this origin only.
            src={avatarChanged ? null : profile.avatarSrc}
            name={fullName || profile.email}
            className="size-16 text-lg"
          />
          <div className="min-w-0">
            <p className="truncate font-medium">{fullName.trim() || t("profile.noName")}</p>
            <p className="truncate text-sm text-muted-foreground">{profile.email}</p>
          </div>
        </div>
        <div className="grid gap-5 sm:grid-cols-2">
          <FormField
            label={t("profile.fullName")}
            name="fullName"
            autoComplete="name"
            value={fullName}
            onChange={(e) => setFullName(e.target.value)}
          />
          <FormField
            label={t("profile.avatarUrl")}
            name="avatarUrl"
            type="url"
            inputMode="url"
            placeholder={t("profile.avatarPlaceholder")}
            hint={t("profile.avatarHint")}
            value={avatarUrl}
            dir="ltr"
            onChange={(e) => setAvatarUrl(e.target.value)}
          />
        </div>
      </CardContent>
      <CardFooter className="justify-end">
        <Button type="submit" disabled={update.isPending || (!nameChanged && !avatarChanged)}>
          {update.isPending ? <Spinner /> : null}
          {t("profile.save")}
        </Button>
      </CardFooter>
    </form>
  );
}
