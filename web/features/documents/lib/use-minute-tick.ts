import { useEffect, useState } from 'react';

/** Re-renders the caller every minute, so 'Just now' becomes '1 minute ago' on a tab left open. */
export function useMinuteTick() {
  const [, setTick] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setTick((n) => n + 1), 60_000);
    return () => clearInterval(timer);
  }, []);
}
