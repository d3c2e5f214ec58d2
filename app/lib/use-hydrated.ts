/** True once React has hydrated in the browser (false during SSR and the first client render). */
import { useEffect, useState } from "react";

let hydrated = false;

export function useIsHydrated(): boolean {
  const [isHydrated, setIsHydrated] = useState(hydrated);
  useEffect(() => {
    hydrated = true;
    setIsHydrated(true);
  }, []);
  return isHydrated;
}
