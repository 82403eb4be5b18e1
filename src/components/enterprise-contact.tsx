// The Enterprise plan's call to action wherever plans are listed: it is priced
// per customer, so instead of a purchase it opens a mail to sales.
import { Button, Stack, Text } from '@mantine/core'
import { Trans, useLingui } from '@lingui/react/macro'
import { ENTERPRISE_CONTACT_EMAIL, mailtoEnterprise } from '../../domain/plans.ts'

export function EnterpriseContact(props: { gap?: number }) {
  const { t } = useLingui()
  return (
    <Stack gap={props.gap ?? 6}>
      <Button component="a" href={mailtoEnterprise(t`Enterprise plan`)} variant="outline" fullWidth>
        <Trans>Contact us</Trans>
      </Button>
      <Text size="xs" c="gray.7" ta="center">
        {ENTERPRISE_CONTACT_EMAIL}
      </Text>
    </Stack>
  )
}
