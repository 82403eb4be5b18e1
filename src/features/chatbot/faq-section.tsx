// The owner's FAQ: questions customers ask and the answers the assistant
// gives when a customer asks something like them. Each entry is saved on its
// own (add and edit in a dialog, delete after a confirmation), straight to
// the server: the list follows what the database stored.
import { useEffect, useState } from 'react'
import { Alert, Button, Skeleton, Stack, Text, Textarea, VisuallyHidden } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { Trans, useLingui } from '@lingui/react/macro'
import { FAQ_ANSWER_MAX, FAQ_ENTRIES_MAX, FAQ_QUESTION_MAX, faqPayloadFromForm, type FaqEntryRow, type FaqFormValues } from '../../../domain/business.ts'
import { useConfirmDelete } from '../../components/confirm-delete.tsx'
import { FormDialog, useDialogBusy } from '../../components/form-dialog.tsx'
import { useDomainForm } from '../../components/forms.ts'
import { ListCount, LoadError } from '../../components/list-states.tsx'
import { useRecordDialog } from '../../components/record-dialog.ts'
import { SaveButtons } from '../../components/save-buttons.tsx'
import { SectionCard } from '../../components/section-card.tsx'
import { refusalOf } from './business-api.ts'
import { FAQ_FULL, FAQ_MESSAGES, faqFormErrors } from './business-messages.ts'
import { withCount } from './char-count.tsx'
import { QuestionCard, QuestionList } from './questions.tsx'
import { useFaqActions, useFaqEntries } from './use-business.ts'
import classes from './business.module.css'

const WHY_DISABLED_ID = 'faq-add-disabled-reason'

export function FaqSection(props: { userId: string; online: boolean }) {
  const { t } = useLingui()
  const { online } = props
  const faq = useFaqEntries(props.userId)
  const actions = useFaqActions(props.userId)
  const dialog = useRecordDialog<FaqEntryRow>()
  const confirm = useConfirmDelete()
  const entries = faq.data ?? []
  const full = entries.length >= FAQ_ENTRIES_MAX
  const count = entries.length
  const max = FAQ_ENTRIES_MAX

  useEffect(() => {
    if (faq.error) console.error('loading the FAQ failed', faq.error)
  }, [faq.error])

  function confirmDelete(entry: FaqEntryRow) {
    confirm.record({
      title: t`Delete question`,
      name: entry.question,
      remove: () => actions.remove.mutateAsync(entry.id),
      failed: t`An error occurred while deleting the question. Try again.`,
    })
  }

  const disabledReason = !online ? t`Changing the questions needs an internet connection.` : full ? t(FAQ_FULL) : null
  const addButton = (
    <Button
      onClick={() => dialog.open(null)}
      disabled={disabledReason !== null || !faq.isSuccess}
      aria-describedby={disabledReason ? WHY_DISABLED_ID : undefined}
      data-testid="faq-add"
    >
      <Trans>Add question</Trans>
    </Button>
  )

  let body
  if (faq.isSuccess) {
    body = (
      <QuestionList
        items={entries}
        testId="faq-list"
        empty={{
          title: <Trans>No questions yet</Trans>,
          text: <Trans>Add the questions customers ask you most, with your answers: the assistant uses them when someone asks something similar.</Trans>,
          testId: 'faq-empty',
        }}
      >
        {(entry) => <FaqItem key={entry.id} entry={entry} online={online} onEdit={() => dialog.open(entry)} onDelete={() => confirmDelete(entry)} />}
      </QuestionList>
    )
  } else if (faq.isError && !faq.isFetching) {
    body = (
      <LoadError
        title={t`Unable to load your questions`}
        message={t`Your questions could not be read. Nothing was changed.`}
        onRetry={() => void faq.refetch()}
        testId="faq-error"
      />
    )
  } else if (!online) {
    body = (
      <Alert color="yellow" role="status" data-testid="faq-offline-load">
        <Trans>Your questions need an internet connection. They will load as soon as you are back online.</Trans>
      </Alert>
    )
  } else {
    body = (
      <Stack gap="sm" role="status">
        <VisuallyHidden>
          <Trans>Loading your questions</Trans>
        </VisuallyHidden>
        {[0, 1].map((i) => (
          <Skeleton key={i} height={64} radius="md" />
        ))}
      </Stack>
    )
  }

  return (
    <>
    <SectionCard
      title={<Trans>Frequently asked questions</Trans>}
      aside={addButton}
      description={<Trans>When a customer asks something close to one of these questions, the assistant answers with your answer.</Trans>}
      testId="faq-section"
    >
      {faq.isSuccess && (
        <ListCount testId="faq-count">
          <Trans>
            {count} of {max} questions
          </Trans>
        </ListCount>
      )}
      {disabledReason && faq.isSuccess && (
        <Text size="sm" c={full ? 'red.8' : 'dimmed'} id={WHY_DISABLED_ID} data-testid="faq-disabled-reason">
          {disabledReason}
        </Text>
      )}
      {body}
    </SectionCard>
    <FaqDialog dialog={dialog} actions={actions} />
    </>
  )
}

function FaqItem(props: { entry: FaqEntryRow; online: boolean; onEdit: () => void; onDelete: () => void }) {
  const { t } = useLingui()
  const question = props.entry.question
  return (
    <QuestionCard
      question={question}
      testId="faq-item"
      actions={
        <>
          <Button variant="default" size="xs" onClick={props.onEdit} disabled={!props.online} aria-label={t`Edit: ${question}`}>
            <Trans>Edit</Trans>
          </Button>
          <Button variant="subtle" color="red" size="xs" onClick={props.onDelete} disabled={!props.online} aria-label={t`Delete: ${question}`}>
            <Trans>Delete</Trans>
          </Button>
        </>
      }
    >
      <Text size="sm" className={classes.faqAnswer}>
        {props.entry.answer}
      </Text>
    </QuestionCard>
  )
}

type Actions = ReturnType<typeof useFaqActions>

/** The FAQ editor, for this section and for the Insights tab's "Add to FAQ", whose `question` fills in a new entry's question. */
export function FaqDialog(props: { dialog: ReturnType<typeof useRecordDialog<FaqEntryRow>>; actions: Actions; question?: string }) {
  const { t } = useLingui()
  const { dialog } = props
  return (
    <FormDialog
      dialog={dialog}
      title={dialog.record ? t`Edit question` : t`Add a question`}
      description={t`Write the question as a customer would ask it, and the answer the assistant should give.`}
      testId="faq-dialog"
    >
      <FaqForm entry={dialog.record} question={props.question} actions={props.actions} onClose={dialog.close} />
    </FormDialog>
  )
}

type Failure = 'failed' | 'full' | 'gone' | 'refused'

function FaqForm(props: { entry: FaqEntryRow | null; question?: string; actions: Actions; onClose: () => void }) {
  const { t } = useLingui()
  const [failure, setFailure] = useState<Failure | null>(null)
  const { form, onSubmit } = useDomainForm({
    initialValues: { question: props.entry?.question ?? props.question ?? '', answer: props.entry?.answer ?? '' },
    validate: faqFormErrors,
    messages: FAQ_MESSAGES,
  })
  const values = form.getValues()
  const saving = form.submitting
  const prefilled = !props.entry && Boolean(props.question)
  useDialogBusy(saving)

  async function save(submitted: FaqFormValues) {
    setFailure(null)
    const payload = faqPayloadFromForm(submitted)
    try {
      if (props.entry) {
        const { entry } = await props.actions.update.mutateAsync({ id: props.entry.id, values: payload })
        if (!entry) {
          setFailure('gone')
          return
        }
        notifications.show({ color: 'green', message: t`Question saved` })
      } else {
        await props.actions.add.mutateAsync(payload)
        notifications.show({ color: 'green', message: t`Question added` })
      }
      props.onClose()
    } catch (error) {
      console.error('saving an FAQ entry failed', error)
      const refusal = refusalOf(error)
      if (refusal?.kind === 'faq_count') {
        setFailure('full')
        void props.actions.refresh()
      }
      else if (refusal?.kind === 'faq_field') {
        form.setFieldError(refusal.field, `${refusal.field}:refused`)
        form.getInputNode(refusal.field)?.focus()
        setFailure('refused')
      } else setFailure('failed')
    }
  }

  return (
    <form onSubmit={onSubmit(save)} noValidate aria-busy={saving} data-testid="faq-form">
      <Stack gap="sm">
        <Textarea
          label={t`Question`}
          required
          autosize
          minRows={2}
          maxRows={6}
          placeholder={t`For example: How long does delivery take?`}
          {...form.getInputProps('question')}
          inputContainer={withCount(values.question, FAQ_QUESTION_MAX)}
          // A question brought from the Insights tab is there: the answer is what is left to write.
          data-autofocus={prefilled ? undefined : true}
          data-testid="faq-question"
        />
        <Textarea
          label={t`Answer`}
          required
          autosize
          minRows={4}
          maxRows={12}
          {...form.getInputProps('answer')}
          inputContainer={withCount(values.answer, FAQ_ANSWER_MAX)}
          data-autofocus={prefilled ? true : undefined}
          data-testid="faq-answer"
        />
        {failure && (
          <Alert color="red" role="alert" data-testid="faq-save-error">
            {failure === 'full'
              ? t(FAQ_FULL)
              : failure === 'gone'
                ? t`This question was deleted meanwhile, perhaps on another device. Copy your text if you need it, close this window and add it again.`
                : failure === 'refused'
                  ? t`The server refused the marked field. Correct it and save again.`
                  : t`An error occurred while saving the question. What you typed is still here; try again.`}
          </Alert>
        )}
        <SaveButtons saving={saving} onCancel={props.onClose} label={props.entry ? <Trans>Save changes</Trans> : <Trans>Add question</Trans>} />
      </Stack>
    </form>
  )
}
