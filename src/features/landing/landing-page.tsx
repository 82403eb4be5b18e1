// The public home page. It sits inside the public layout (which owns the top
// bar and the main landmark) and uses plain links so it needs no router.
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { Box, Button, Card, Container, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core'
import type { IconName } from './icons.ts'
import { PhoneMockup } from './phone-mockup.tsx'
import { PricingSection } from './pricing-section.tsx'
import { LandingSection } from './section.tsx'
import { StaticIsland } from './static-island.tsx'
import { SvgIcon } from './svg-icon.tsx'
import classes from './landing.module.css'

type Feature = { icon: IconName; title: MessageDescriptor; body: MessageDescriptor }

const FEATURES: readonly Feature[] = [
  {
    icon: 'whatsapp',
    title: msg`AI assistant on WhatsApp, 24/7`,
    body: msg`Answers customers in natural language day and night, using your own products' prices, stock and features.`,
  },
  {
    icon: 'catalogue',
    title: msg`Product catalogue with Excel import`,
    body: msg`Add products one by one or upload your whole list from an Excel file in a minute.`,
  },
  {
    icon: 'calendar',
    title: msg`Appointment calendar with SMS reminders`,
    body: msg`See your week at a glance, track each appointment's status and remind customers by SMS.`,
  },
  {
    icon: 'widget',
    title: msg`Chat widget for your website`,
    body: msg`The same assistant on your own site: pick its colour and position, then paste one line of code.`,
  },
  {
    icon: 'credits',
    title: msg`Prepaid credits, no subscription`,
    body: msg`Buy a message package once by card and pay nothing monthly. Top up only when you need to.`,
  },
  {
    icon: 'insights',
    title: msg`Customers and usage at a glance`,
    body: msg`Keep your customer list in one place and follow how many messages the assistant answers.`,
  },
]

const STEPS: readonly { title: MessageDescriptor; body: MessageDescriptor }[] = [
  {
    title: msg`Connect WhatsApp`,
    body: msg`Enter your WhatsApp Business details in settings; the assistant starts listening to your number.`,
  },
  {
    title: msg`Add your products`,
    body: msg`Type them in or import an Excel file, so every answer has the right price, stock and link.`,
  },
  {
    title: msg`Go live`,
    body: msg`Your assistant answers customers and books appointments while you run your business.`,
  },
]

function Hero() {
  return (
    <Box component="section" aria-labelledby="landing-title" className={classes.hero} py={{ base: 40, md: 80 }}>
      <Container size="lg">
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing={{ base: 40, md: 64 }} style={{ alignItems: 'center' }}>
          <StaticIsland>
            <Stack gap="lg">
              <Title order={1} id="landing-title" fz={{ base: 32, sm: 44 }} lh={1.15} c="dark.9">
                <Trans>Your business's assistant that answers customers around the clock</Trans>
              </Title>
              <Text fz={{ base: 'md', sm: 'lg' }} c="gray.8">
                <Trans>
                  Answers on WhatsApp and on your website from your own catalogue, keeps your appointments and reminds
                  your customers.
                </Trans>
              </Text>
              <Group gap="sm">
                <Button component="a" href="/auth" size="lg" rightSection={<SvgIcon name="arrow" size={20} />}>
                  <Trans>Get started free</Trans>
                </Button>
                <Button component="a" href="#pricing" size="lg" variant="default">
                  <Trans>See pricing</Trans>
                </Button>
              </Group>
              <Text size="sm" c="gray.7">
                <Trans>No subscription: you only pay for the message packages you buy.</Trans>
              </Text>
            </Stack>
          </StaticIsland>
          <PhoneMockup />
        </SimpleGrid>
      </Container>
    </Box>
  )
}

function Features() {
  const { i18n } = useLingui()
  return (
    <LandingSection
      titleId="features-title"
      title={<Trans>Everything a small business needs to answer customers</Trans>}
      intro={<Trans>One dashboard for your assistant, products, appointments and customers.</Trans>}
    >
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
        {FEATURES.map((f) => (
          <Card key={f.icon} withBorder radius="lg" padding="lg">
            <ThemeIcon size={48} radius="md" variant="light" color="brand">
              <SvgIcon name={f.icon} />
            </ThemeIcon>
            <Title order={3} size="h4" mt="md" mb={6}>
              {i18n._(f.title)}
            </Title>
            <Text c="gray.7">{i18n._(f.body)}</Text>
          </Card>
        ))}
      </SimpleGrid>
    </LandingSection>
  )
}

function HowItWorks() {
  const { i18n } = useLingui()
  return (
    <LandingSection titleId="how-title" title={<Trans>Up and running in three steps</Trans>} bg="brand.0">
      <SimpleGrid component="ol" cols={{ base: 1, md: 3 }} spacing="xl" p={0} m={0}>
        {STEPS.map((s, i) => (
          <li key={i} className={classes.step}>
            <Stack gap="sm" align="flex-start">
              <span className={classes.stepNumber} aria-hidden="true">
                {i + 1}
              </span>
              <Title order={3} size="h4">
                {i18n._(s.title)}
              </Title>
              <Text c="gray.8">{i18n._(s.body)}</Text>
            </Stack>
          </li>
        ))}
      </SimpleGrid>
    </LandingSection>
  )
}

function ClosingCta() {
  return (
    <Box component="section" aria-labelledby="closing-title" py={{ base: 56, md: 80 }}>
      <Container size="md">
        <Stack className={classes.closing} align="center" ta="center" gap="md" p={{ base: 'xl', md: 48 }} style={{ borderRadius: 24 }}>
          <Title order={2} id="closing-title" c="white">
            <Trans>Let your assistant answer while you run your business</Trans>
          </Title>
          <Text size="lg" maw={560}>
            <Trans>Sign up in a minute, add your products and buy credits only when you are ready.</Trans>
          </Text>
          <Button component="a" href="/auth" size="lg" variant="white" color="brand">
            <Trans>Create your free account</Trans>
          </Button>
        </Stack>
      </Container>
    </Box>
  )
}

export function LandingPage() {
  return (
    <>
      <Hero />
      <StaticIsland>
        <Features />
        <HowItWorks />
        <PricingSection />
        <ClosingCta />
      </StaticIsland>
    </>
  )
}
