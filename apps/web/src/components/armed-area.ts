import { type FocusEvent, type PointerEvent, useLayoutEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';

/** The handlers an armed area puts on its element; none once it is armed. */
export type ArmHandlers = {
  onPointerEnter?: (event: PointerEvent<HTMLElement>) => void;
  onFocus?: (event: FocusEvent<HTMLElement>) => void;
};

/**
 * An area (a row, the header, a toolbar) whose controls' menus, popovers and tooltips are made only once it is armed:
 * the mouse came over it, or the keyboard's focus came into it. Each of Mantine's floating parts sets itself up when it
 * is first drawn (ids, its target node, a portal), in a second render inside the commit; a screen that draws them all
 * at once spends that time before the user can do anything (docs/performance.md).
 *
 * Until then the controls are drawn bare, with the same names. The mouse arms the area before its next event reaches
 * a control, so a click lands on the control as it stays. A control that took the keyboard's focus is drawn anew with
 * its menu or tooltip, and the focus goes back to it (found by its place among the area's controls). Touch arms nothing: a tap would
 * find its control made anew under the finger; a bare control's click makes its own menu (see useMadeOnClick).
 */
export function useArmedArea<T extends HTMLElement>() {
  const [armed, setArmed] = useState(false);
  const focused = useRef<number | null>(null);
  const ref = useRef<T>(null);
  useLayoutEffect(() => {
    const index = focused.current;
    focused.current = null;
    const area = ref.current;
    if (!armed || index === null || !area || area.contains(document.activeElement)) return;
    controlsOf(area)[index]?.focus();
  }, [armed]);
  const handlers: ArmHandlers = armed
    ? {}
    : {
        onPointerEnter: (event) => {
          if (event.pointerType === 'mouse') flushSync(() => setArmed(true));
        },
        onFocus: (event) => {
          if (!event.target.matches(':focus-visible')) return;
          focused.current = controlsOf(event.currentTarget).indexOf(event.target);
          setArmed(true);
        },
      };
  return { armed, ref, handlers };
}

/** The area's controls in document order: the same before and after it is armed. */
function controlsOf(area: HTMLElement): HTMLElement[] {
  return [...area.querySelectorAll<HTMLElement>('button, a[href], input, select, textarea, [tabindex]')];
}

/**
 * A control's menu or popover in an armed area (useArmedArea): made once the area is armed, or at once, opened, when
 * its bare control is clicked first (a tap, a test). `onBareClick` goes on the bare control.
 */
export function useMadeOnClick(armed: boolean) {
  const [clicked, setClicked] = useState(false);
  return { made: armed || clicked, openedAtOnce: clicked, onBareClick: () => setClicked(true) };
}
