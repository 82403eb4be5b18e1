// How to connect WhatsApp: where each value is found in Meta's dashboard and
// what to paste there in return (the webhook URL and the owner's verify
// token), with copy buttons.
import { Anchor, List, Skeleton, Text } from '@mantine/core'
import { Trans, useLingui } from '@lingui/react/macro'
import { ownerEndpoints } from '../../../domain/settings.ts'
import { CopyField } from '../../components/copy.tsx'
import { SectionCard } from '../../components/section-card.tsx'

/** Where owners create the app; the rest of the steps are inside it. */
const META_APPS_URL = 'https://developers.facebook.com/apps'

export function ConnectCard(props: { userId: string; supabaseUrl: string | null; verifyToken: string }) {
  const { t } = useLingui()
  const webhook = props.supabaseUrl ? ownerEndpoints(props.supabaseUrl, props.userId).whatsappWebhook : null
  return (
    <SectionCard title={<Trans>Connect WhatsApp</Trans>}>
      <List type="ordered" spacing="xs" size="sm">
        <List.Item>
          <Trans>
            In{' '}
            <Anchor href={META_APPS_URL} target="_blank" rel="noreferrer">
              Meta for Developers
            </Anchor>
            , open your app (or create a Business app) and add the WhatsApp product.
          </Trans>
        </List.Item>
        <List.Item>
          <Trans>Under WhatsApp › API Setup, copy the phone number ID of your sending number.</Trans>
        </List.Item>
        <List.Item>
          <Trans>In Meta Business Settings › System users, generate a permanent access token with the whatsapp_business_messaging permission.</Trans>
        </List.Item>
        <List.Item>
          <Trans>Under App settings › Basic, show and copy the app secret.</Trans>
        </List.Item>
        <List.Item>
          <Trans>Save the three values on this page. Then, under WhatsApp › Configuration, edit the webhook: paste the callback URL and verify token below, verify and save, and subscribe to the messages field.</Trans>
        </List.Item>
      </List>
      {webhook ? (
        <CopyField label={t`Callback URL`} name={t`Callback URL`} value={webhook} testId="settings-webhook-url" />
      ) : (
        <Skeleton height={58} />
      )}
      <CopyField label={t`Verify token`} name={t`Verify token`} value={props.verifyToken} testId="settings-verify-token" />
      <Text size="xs" c="dimmed">
        <Trans>Each reply the assistant sends on WhatsApp uses one message credit. Messages that arrive while you have no credits are kept and shown on the credits page.</Trans>
      </Text>
    </SectionCard>
  )
}
