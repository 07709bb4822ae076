// The model that answers the next message, and the small ceremonies around choosing one: it joins
// the favorites, the picker icon turns (700 ms), and from the welcome screen an intro plays (1.2 s).
import { useCallback, useEffect, useState } from "react";
import { rememberFavoriteModel } from "@/lib/local-preferences";

export const PICKER_SPIN_MS = 700;

export function useModelChoice(initial: string | null) {
  const [model, setModel] = useState<string | null>(initial);
  const [intro, setIntro] = useState<string | null>(null);
  const [spinning, setSpinning] = useState(false);

  useEffect(() => {
    if (!spinning) return;
    const timer = setTimeout(() => setSpinning(false), PICKER_SPIN_MS);
    return () => clearTimeout(timer);
  }, [spinning]);

  const choose = useCallback((id: string, options: { intro?: boolean } = {}) => {
    setModel(id);
    rememberFavoriteModel(id);
    setSpinning(true);
    if (options.intro) setIntro(id);
  }, []);

  const endIntro = useCallback(() => setIntro(null), []);

  return { model, setModel, choose, intro, endIntro, spinning };
}
