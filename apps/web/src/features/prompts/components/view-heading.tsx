import { ArrowLeft } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";

/** The heading of a view inside the library (a form), with a way back to the cards. */
export function ViewHeading({
  title,
  onBack,
  children,
}: {
  title: string;
  onBack: () => void;
  children?: ReactNode;
}) {
  const { t } = useTranslation("prompts");
  return (
    <div className="flex items-start gap-2 pt-1">
      <Button
        variant="ghost"
        size="icon"
        className="-ml-2 size-8 shrink-0"
        aria-label={t("backToPrompts")}
        onClick={onBack}
      >
        <ArrowLeft aria-hidden="true" />
      </Button>
      <div className="flex min-w-0 flex-col gap-0.5 pt-1">
        <h3 className="leading-tight font-semibold break-words">{title}</h3>
        {children ? <p className="text-sm text-muted-foreground">{children}</p> : null}
      </div>
    </div>
  );
}
