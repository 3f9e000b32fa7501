import { useEffect, useRef, useState } from 'react';

/**
 * Whether the element has come near the screen (within `margin` of it), once: it stays true.
 * A page's parts below the fold mount with it instead of with the first screen, whose work on
 * a phone they would otherwise add to. Without IntersectionObserver, true at once.
 */
export function useInView<T extends Element>(margin = '200px') {
  const ref = useRef<T>(null);
  const [inView, setInView] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (inView || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setInView(true);
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [inView, margin]);
  return [ref, inView] as const;
}
