import { BookOpen } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Tooltip, TooltipContent, TooltipTrigger } from "@/components/ui/tooltip";
import { useTranslation } from "react-i18next";

/**
 * Opens the prompt library, which the app composes into the chat page. Without one the button is
 * marked unavailable (aria-disabled rather than disabled, so it can still be focused and its tooltip
 * read).
 */
export function PromptLibraryButton({ onOpen }: { onOpen?: () => void }) {
  const { t } = useTranslation("chat");
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        {onOpen ? (
          <Button
            variant="ghost"
            size="icon"
            aria-label={t("composer.promptLibrary")}
            aria-haspopup="dialog"
            onClick={onOpen}
            className="size-8 text-muted-foreground"
          >
            <BookOpen aria-hidden="true" />
          </Button>
        ) : (
          <Button
            variant="ghost"
            size="icon"
            aria-label={t("composer.promptLibrary")}
            aria-disabled="true"
            onClick={(event) => event.preventDefault()}
            className="size-8 cursor-not-allowed text-muted-foreground opacity-60 hover:bg-transparent"
          >
            <BookOpen aria-hidden="true" />
          </Button>
        )}
      </TooltipTrigger>
      <TooltipContent>
        {onOpen ? t("composer.promptLibrary") : t("composer.promptLibraryUnavailable")}
      </TooltipContent>
    </Tooltip>
  );
}
