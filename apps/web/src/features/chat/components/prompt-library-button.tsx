import { BookOpen } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Tooltip, TooltipContent, TooltipTrigger } from "@/components/ui/tooltip";

/**
 * The prompt library arrives in a later release. The button is there already, marked unavailable
 * (aria-disabled rather than disabled, so it can still be focused and its tooltip read).
 */
export function PromptLibraryButton() {
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          aria-label="Prompt library"
          aria-disabled="true"
          onClick={(event) => event.preventDefault()}
          className="size-8 cursor-not-allowed text-muted-foreground opacity-60 hover:bg-transparent"
        >
          <BookOpen aria-hidden="true" />
        </Button>
      </TooltipTrigger>
      <TooltipContent>Prompt library is coming soon</TooltipContent>
    </Tooltip>
  );
}
