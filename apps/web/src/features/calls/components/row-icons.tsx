/*
 * The icons that nearly every row of a call list shows, drawn as tabler's outline icons draw them (IconDots on every
 * row's menu, IconAlarm on every due or overdue callback), with their strokes joined into one path: a page of rows then
 * holds some hundred elements fewer. The path data is tabler's own (MIT); the parts of each icon do not touch, so one
 * path strokes them exactly as separate paths do.
 */

type RowIconProps = { size: number; className?: string };

function OutlineIcon({ name, d, size, className }: RowIconProps & { name: string; d: string }) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className ? `tabler-icon tabler-icon-${name} ${className}` : `tabler-icon tabler-icon-${name}`}
      aria-hidden
    >
      <path d={d} />
    </svg>
  );
}

const DOTS = 'M4 12a1 1 0 1 0 2 0a1 1 0 1 0 -2 0M11 12a1 1 0 1 0 2 0a1 1 0 1 0 -2 0M18 12a1 1 0 1 0 2 0a1 1 0 1 0 -2 0';
const ALARM = 'M5 13a7 7 0 1 0 14 0a7 7 0 1 0 -14 0M12 10l0 3l2 0M7 4l-2.75 2M17 4l2.75 2';

export function DotsIcon(props: RowIconProps) {
  return <OutlineIcon name="dots" d={DOTS} {...props} />;
}

export function AlarmIcon(props: RowIconProps) {
  return <OutlineIcon name="alarm" d={ALARM} {...props} />;
}
