// Who the conversation is with: the owner's customer it is linked to, or the
// customer with the WhatsApp number it came from (matched through
// domain/phone.ts, with a button to link it), or a link to add one on the
// customers screen with that number filled in. A WhatsApp conversation links
// itself to the customer with its number at the customer's next message.
import { Anchor, Button, Group, Paper, Skeleton, Text } from '@mantine/core'
import { Link, useNavigate } from '@tanstack/react-router'
import { useQuery } from '@tanstack/react-query'
import { Trans, useLingui } from '@lingui/react/macro'
import { formatPhone } from '../../../domain/phone.ts'
import { getSupabase } from '../../lib/supabase.ts'
import { conversationPhone, findCustomer, type InboxRow } from './api.ts'
import { useConversationChange } from './use-inbox.ts'

export function CustomerCard(props: { conversation: InboxRow }) {
  const { t } = useLingui()
  const { conversation } = props
  const found = useQuery({
    queryKey: ['inbox', 'customer', conversation.id, conversation.customer_id ?? ''],
    queryFn: async () => findCustomer(await getSupabase(), conversation),
  })
  const change = useConversationChange(conversation.id)
  const phone = conversationPhone(conversation)
  const navigate = useNavigate()

  const number = phone ? formatPhone(phone) : null
  if (found.isPending) return <Skeleton height={56} radius="md" />
  const customer = found.data?.customer ?? null
  return (
    <Paper withBorder radius="md" p="sm" data-testid="customer-card">
      {customer ? (
        <Group justify="space-between" gap="xs">
          <div style={{ minWidth: 0 }}>
            <Text size="sm" fw={600}>
              {customer.name}
            </Text>
            <Text size="xs" c="dimmed">
              {[customer.phone_number ? formatPhone(customer.phone_number) : null, customer.email].filter(Boolean).join(' · ')}
            </Text>
          </div>
          <Group gap="xs">
            {!found.data?.linked && (
              <Button size="xs" variant="default" loading={change.isPending} onClick={() => change.mutate({ customer_id: customer.id })}>
                <Trans>Link to this conversation</Trans>
              </Button>
            )}
            <Anchor component={Link} to="/dashboard/customers" size="sm">
              <Trans>Customers</Trans>
            </Anchor>
          </Group>
        </Group>
      ) : (
        <Group justify="space-between" gap="xs">
          <Text size="sm" c="dimmed">
            {number ? t`${number} is not in your customers.` : t`This visitor is not linked to a customer.`}
          </Text>
          <Button size="xs" variant="default" onClick={() => void navigate({ to: '/dashboard/customers', search: { add: phone ?? '' } })} data-testid="add-customer">
            <Trans>Add as customer</Trans>
          </Button>
        </Group>
      )}
    </Paper>
  )
}
