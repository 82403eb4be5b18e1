import { ICON_PATHS } from './constants.ts'

/** A decorative stroke icon; the control it sits in carries the name. */
export function Icon(props: { name: keyof typeof ICON_PATHS; size?: number }) {
  const size = props.size ?? 18
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden
      focusable="false"
    >
      <path d={ICON_PATHS[props.name]} />
    </svg>
  )
}
