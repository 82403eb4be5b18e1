// The "Business info" tab: what the assistant answers customers from beside
// the catalogue. The profile (contact, opening hours in the owner's time
// zone, shipping, returns, payment, ordering) is one form saved in one
// request; the FAQ below it saves entry by entry. The form is built from the
// first answer of the profile query and keeps what the owner types from then
// on, through failed and refused saves alike.
import { memo, type ReactNode, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react'
import { Alert, Paper, Select, SimpleGrid, Skeleton, Stack, Text, TextInput, Textarea, VisuallyHidden } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { Trans, useLingui } from '@lingui/react/macro'
import {
  BUSINESS_ADDRESS_MAX,
  BUSINESS_INFO_TEXT_MAX,
  WEEKDAYS,
  businessPayloadFromForm,
  businessProfileToForm,
  type BusinessFormValues,
  type BusinessInfoText,
  type BusinessProfileRow,
  type TimeRange,
  type Weekday,
} from '../../../domain/business.ts'
import { useFirstAnswerInSlices } from '../../components/render-in-slices.tsx'
import { SectionCard } from '../../components/section-card.tsx'
import { useOnline } from '../../lib/use-online.ts'
import { refusalOf } from './business-api.ts'
import { BUSINESS_FORM_MESSAGES, businessFormErrors, hoursPath, profileRefusalError, type BusinessFormMessage } from './business-messages.ts'
import { withCount } from './char-count.tsx'
import { FaqSection } from './faq-section.tsx'
import { FirstLoad } from './first-load.tsx'
import { OpeningHoursEditor } from './opening-hours-editor.tsx'
import { SaveRow, useRowForm } from './row-form.tsx'
import { filterTimeZones, timeZoneOptions, zoneClock } from './time-zones.ts'
import { useBusinessProfile, useSaveBusinessProfile } from './use-business.ts'

const OFFLINE_NOTICE_ID = 'business-offline'
/** How the logs name the profile's read. */
const PROFILE_READ = 'loading the business profile'
/** A Turkish landline as an example: the same in every language. */
const PHONE_EXAMPLE = '+90 212 555 12 34'
const EMAIL_EXAMPLE = 'info@example.com'
const MAPS_EXAMPLE = 'https://maps.app.goo.gl/…'

export function BusinessTab(props: { userId: string }) {
  const online = useOnline()
  return (
    <Stack gap="lg">
      <Text c="dimmed" size="sm" maw={720}>
        <Trans>
          The assistant answers customers from what you write here and from your products. It says only what is written here; when something is missing it
          asks the customer to contact you.
        </Trans>
      </Text>
      <ProfileSection userId={props.userId} online={online} />
      <FaqSection userId={props.userId} online={online} />
    </Stack>
  )
}

function ProfileSection(props: { userId: string; online: boolean }) {
  const { t } = useLingui()
  const profile = useFirstAnswerInSlices(useBusinessProfile(props.userId), (query) => query.isSuccess)
  return (
    <FirstLoad
      query={profile}
      online={props.online}
      logAs={PROFILE_READ}
      failed={{
        title: t`Unable to load your business info`,
        message: t`Your business info could not be read. Nothing was changed.`,
        testId: 'business-error',
      }}
      offline={<Trans>Your business info needs an internet connection. It will load as soon as you are back online.</Trans>}
      offlineTestId="business-offline-load"
      skeleton={<ProfileSkeleton />}
    >
      {(row) => <ProfileForm userId={props.userId} row={row} online={props.online} />}
    </FirstLoad>
  )
}

function ProfileSkeleton() {
  return (
    <Stack gap="lg" role="status" data-testid="business-loading">
      <VisuallyHidden>
        <Trans>Loading your business info</Trans>
      </VisuallyHidden>
      {[4, 7, 4].map((rows, card) => (
        <Paper key={card} withBorder radius="md" p="lg">
          <Skeleton height={24} width="40%" mb="lg" />
          {Array.from({ length: rows }, (_, i) => (
            <Skeleton key={i} height={28} mb="sm" />
          ))}
        </Paper>
      ))}
    </Stack>
  )
}

type Failure = 'failed' | 'refused'

const PROFILE_FORM = { toForm: businessProfileToForm, toPayload: businessPayloadFromForm, validate: businessFormErrors, messages: BUSINESS_FORM_MESSAGES }

function ProfileForm(props: { userId: string; row: BusinessProfileRow | null; online: boolean }) {
  const { t } = useLingui()
  const { online } = props
  const save = useSaveBusinessProfile(props.userId)
  const [failure, setFailure] = useState<Failure | null>(null)
  const { form, onSubmit, attempted, saveValues } = useRowForm(PROFILE_FORM, props.row, save.mutateAsync)
  const values = form.getValues()
  const saving = form.submitting

  async function submit(submitted: BusinessFormValues) {
    setFailure(null)
    try {
      await saveValues(submitted)
      notifications.show({ color: 'green', message: t`Business info saved` })
    } catch (error) {
      console.error('saving the business profile failed', error)
      const refusal = refusalOf(error)
      const placed = refusal ? profileRefusalError(refusal, submitted) : null
      if (placed) {
        form.setFieldError(placed.path, placed.code)
        form.getInputNode(placed.path)?.focus()
      }
      setFailure(placed ? 'refused' : 'failed')
    }
  }

  function setDay(day: Weekday, ranges: TimeRange[]) {
    form.setFieldValue(`opening_hours.${day}`, ranges)
    // After a first submit every change is judged at once, as for the other fields (useDomainForm).
    if (attempted) void form.validate()
  }
  const zoneProps = form.getInputProps('time_zone')
  const setZone = (zone: string) => zoneProps.onChange(zone)

  // The hours and the time zone are the largest part of the form: they render again only when
  // their own values or errors change, not with every letter typed elsewhere, so the
  // callbacks they get stay the same while calling this render's functions.
  const latest = useRef({ setDay, setZone })
  useLayoutEffect(() => {
    latest.current = { setDay, setZone }
  })
  const onDay = useCallback((day: Weekday, ranges: TimeRange[]) => latest.current.setDay(day, ranges), [])
  const onZone = useCallback((zone: string) => latest.current.setZone(zone), [])
  const errors = form.errors
  const dayErrors = useMemo(() => {
    const out: Partial<Record<Weekday, string>> = {}
    for (const day of WEEKDAYS) {
      const code = errors[hoursPath(day)]
      if (typeof code === 'string' && Object.hasOwn(BUSINESS_FORM_MESSAGES, code)) out[day] = t(BUSINESS_FORM_MESSAGES[code as BusinessFormMessage])
    }
    return out
    // `t` is new with every change of language (the i18n object stays the same), so the words follow it.
  }, [errors, t])
  // Mantine finds a field by its data-path, "<form name>-<path>": a failed save focuses a wrong day's first field.
  const dataPath = (path: string) => String((form.getInputProps(path) as unknown as Record<string, unknown>)['data-path'])

  const infoField = (field: BusinessInfoText) => ({
    ...form.getInputProps(field),
    rows: 4,
    resize: 'vertical' as const,
    inputContainer: withCount(values[field], BUSINESS_INFO_TEXT_MAX),
    'data-testid': `business-${field}`,
  })
  // A number or an address to reach the shop: the keyboard, autofill and input type of its kind.
  const contactField = (field: 'contact_phone' | 'contact_email', kind: 'tel' | 'email', example: string) => ({
    type: kind,
    inputMode: kind,
    autoComplete: kind,
    placeholder: example,
    ...form.getInputProps(field),
    'data-testid': `business-${field.replace('contact_', '')}`,
  })

  return (
    <form onSubmit={onSubmit(submit)} noValidate aria-busy={saving} data-testid="business-form">
      <Stack gap="lg">
        {!online && (
          <Alert color="yellow" title={t`You are offline`} role="status" id={OFFLINE_NOTICE_ID} data-testid="business-offline">
            <Trans>Saving needs an internet connection. What you type stays here; you can save once you are back online.</Trans>
          </Alert>
        )}

        <SectionCard
          title={<Trans>Contact and location</Trans>}
          description={<Trans>Customers asking where you are or how to reach you get these.</Trans>}
        >
          <Textarea
            label={t`Address`}
            rows={2}
            resize="vertical"
            autoComplete="street-address"
            {...form.getInputProps('address')}
            inputContainer={withCount(values.address, BUSINESS_ADDRESS_MAX)}
            data-testid="business-address"
          />
          <TextInput
            label={t`Map link`}
            description={t`A link to your place on a map, shared when someone asks for directions.`}
            type="url"
            inputMode="url"
            placeholder={MAPS_EXAMPLE}
            {...form.getInputProps('maps_url')}
            data-testid="business-maps-url"
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput label={t`Phone`} {...contactField('contact_phone', 'tel', PHONE_EXAMPLE)} />
            <TextInput label={t`E-mail`} {...contactField('contact_email', 'email', EMAIL_EXAMPLE)} />
          </SimpleGrid>
        </SectionCard>

        <SectionCard
          title={<Trans>Opening hours</Trans>}
          description={<Trans>The assistant tells customers whether you are open now and when you open next, by the clock of your time zone.</Trans>}
        >
          <TimeZoneField value={values.time_zone} error={zoneProps.error} onChange={onZone} dataPath={dataPath('time_zone')} />
          <OpeningHoursEditor value={values.opening_hours} onChange={onDay} errors={dayErrors} dataPathPrefix={dataPath('')} />
        </SectionCard>

        <SectionCard
          title={<Trans>Shipping, returns, payment and ordering</Trans>}
          description={<Trans>Write these as you would tell a customer. Leave a field empty if it does not apply: the assistant will not guess.</Trans>}
        >
          <Textarea
            label={t`Shipping`}
            description={t`What the assistant says when a customer asks about delivery: carriers, costs, free-shipping threshold, how long it takes.`}
            {...infoField('shipping_info')}
          />
          <Textarea
            label={t`Returns and exchanges`}
            description={t`What the assistant says about returning or exchanging a product: within how many days, in what condition, who pays the shipping.`}
            {...infoField('returns_info')}
          />
          <Textarea
            label={t`Payment`}
            description={t`The ways customers can pay: cards, instalments, bank transfer, cash on delivery.`}
            {...infoField('payment_info')}
          />
          <Textarea
            label={t`Ordering`}
            description={t`How customers place an order: on your website, by message or phone, in the shop; any minimum order.`}
            {...infoField('ordering_info')}
          />
        </SectionCard>

        {failure && (
          <Alert color="red" role="alert" data-testid="business-save-error">
            {failure === 'refused' ? (
              <Trans>The server refused a value. Correct the marked field and save again; everything you typed is still here.</Trans>
            ) : (
              <Trans>An error occurred while saving your business info. Everything you typed is still here; try again.</Trans>
            )}
          </Alert>
        )}

        <SaveRow saving={saving} online={online} offlineNoticeId={OFFLINE_NOTICE_ID} testId="business-save">
          <Trans>Save business info</Trans>
        </SaveRow>
      </Stack>
    </form>
  )
}

type TimeZoneFieldProps = { value: string; error: ReactNode; onChange: (zone: string) => void; dataPath: string }

/** The searchable list of zones, with the chosen zone's clock and offset now under its label. */
const TimeZoneField = memo(function TimeZoneField(props: TimeZoneFieldProps) {
  const { t, i18n } = useLingui()
  const zones = useMemo(() => timeZoneOptions(props.value), [props.value])
  // Once a minute is plenty: the line says which zone, not the exact second.
  const [now, setNow] = useState(() => new Date())
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), 60_000)
    return () => window.clearInterval(timer)
  }, [])
  const clock = zoneClock(props.value, i18n.locale, now)
  const clockTime = clock?.time
  const clockOffset = clock?.offset
  return (
    <Select
      label={t`Time zone`}
      description={clock ? t`Now there: ${clockTime} (${clockOffset})` : undefined}
      data={zones}
      value={props.value}
      onChange={(zone) => zone && props.onChange(zone)}
      error={props.error}
      searchable
      // Focus alone (a refused save moving to the field) leaves the long list closed; typing or a click opens it.
      openOnFocus={false}
      filter={filterTimeZones}
      allowDeselect={false}
      nothingFoundMessage={t`No time zone matches`}
      maxDropdownHeight={280}
      comboboxProps={{ withinPortal: true }}
      maw={420}
      data-path={props.dataPath}
      data-testid="business-time-zone"
    />
  )
})
