// Every language but English arrives in a file of its own, once chosen (lib/i18n.ts).
import { languageTexts, type Json } from "@/lib/language-texts";

export default languageTexts(
  import.meta.glob<Json>("./zh-CN/{common,auth,changelog,errors}.json", { eager: true }),
  import.meta.glob<Json>(["./zh-CN/*.json", "!./zh-CN/{common,auth,changelog,errors}.json"]),
);
