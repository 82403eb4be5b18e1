import { ICON_PATHS, ICON_SVG_PROPS, type IconName } from './icons.ts'

export function SvgIcon({ name, size = 24 }: { name: IconName; size?: number }) {
  return (
    <svg {...ICON_SVG_PROPS} width={size} height={size}>
      <path d={ICON_PATHS[name]} />
    </svg>
  )
}
