import { Anchor, Group } from '@mantine/core'
import { Link } from '@tanstack/react-router'
import { msg } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { ScreenPlaceholder } from './screen-placeholder.tsx'

/** The payment return screen until the credits feature takes it over; sessionId is the provider's checkout id. */
export function PaymentReturnPlaceholder(props: { sessionId: string | null }) {
  return (
    <ScreenPlaceholder title={msg`Payment`}>
      <Group gap="md" data-session-id={props.sessionId ?? undefined}>
        <Anchor component={Link} to="/dashboard/credits">
          <Trans>Go to credits</Trans>
        </Anchor>
        <Anchor component={Link} to="/dashboard/products">
          <Trans>Go to products</Trans>
        </Anchor>
      </Group>
    </ScreenPlaceholder>
  )
}
