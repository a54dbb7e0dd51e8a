import { type RefObject, useEffect } from 'react';
import { sendToParent } from '../messages/frame-event.ts';

/**
 * Keeps the iframe as tall as the banner (`<N>px`), or asks for the whole page (`100%`) while a full-size panel is
 * open (connect-protocol.md §14.3).
 */
export function useFrameSize(banner: RefObject<HTMLElement | null>, fullSize: boolean): void {
  useEffect(() => {
    if (fullSize) {
      sendToParent('100%');
      return;
    }
    const element = banner.current;
    if (!element) return;
    let last = 0;
    const report = () => {
      const height = Math.ceil(element.getBoundingClientRect().height);
      if (height > 0 && height !== last) {
        last = height;
        sendToParent(`${height}px`);
      }
    };
    const observer = new ResizeObserver(report);
    observer.observe(element);
    report();
    return () => observer.disconnect();
  }, [banner, fullSize]);
}
