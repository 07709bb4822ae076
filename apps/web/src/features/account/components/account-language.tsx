import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { applyAccountLanguage } from "@/lib/i18n";
import { profileQuery } from "../api/get-profile";

/**
 * Follows the language stored on the account, chosen maybe on another device. Read once a visit;
 * renders nothing.
 */
export function AccountLanguage() {
  const { data } = useQuery({ ...profileQuery, staleTime: Infinity });
  const language = data?.language;
  useEffect(() => {
    if (language !== undefined) void applyAccountLanguage(language);
  }, [language]);
  return null;
}
