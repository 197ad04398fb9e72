import { useFetcher } from 'react-router'
import { Alert, Button, Card, TextField } from '~/ui'
import { answersQuery, type PersonalCategory, type QuizAnswers } from '../checklist.quiz'
import type { ChecklistItemView } from '../checklist.types'
import { ItemText, ShopLink, toneFor } from './checklist-parts'

export type QuizEmailResult = { ok: true; to: string; skipped: boolean; message: string } | { ok: false; message: string; fields: Record<string, string[]>; typed: string }

/** The personalised checklist: categories with the items the quiz chose and why. */
export function PersonalChecklist({ categories }: { categories: PersonalCategory<ChecklistItemView>[] }) {
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      {categories.map((category, index) => (
        <Card as="section" key={category.id} aria-labelledby={`quiz-cat-${category.id}`} className="overflow-hidden">
          <div className={`${toneFor(index)} border-b border-line px-5 py-4 sm:px-6`}>
            <h2 id={`quiz-cat-${category.id}`} className="text-xl font-extrabold text-ink">
              {category.title}
            </h2>
            <p className="mt-1 text-sm text-ink">{category.guidance}</p>
          </div>
          <ul className="divide-y divide-line px-5 sm:px-6">
            {category.items.map((item) => (
              <li key={item.id} className="flex gap-3 py-4">
                <span aria-hidden="true" className="mt-0.5 size-5 shrink-0 rounded border-2 border-berry-700 bg-white" />
                <ItemText
                  title={item.title}
                  priority={item.priority}
                  quantity={item.quantity}
                  why={item.why}
                  extra={
                    <>
                      {item.reasons.map((r) => (
                        <p key={r} className="mt-1 rounded-lg bg-sage-50 px-3 py-1.5 text-sm text-sage-800">
                          <span className="font-bold">For you: </span>
                          {r}
                        </p>
                      ))}
                      <ShopLink href={item.shopHref} title={item.title} />
                    </>
                  }
                />
              </li>
            ))}
          </ul>
        </Card>
      ))}
    </div>
  )
}

/** 'Email me this checklist': a fetcher with JavaScript; without it the form posts to the email page. */
export function QuizEmailForm({ answers, result, defaultEmail = '' }: { answers: QuizAnswers; result?: QuizEmailResult | null; defaultEmail?: string }) {
  const fetcher = useFetcher<QuizEmailResult>({ key: 'quiz-email' })
  const shown = fetcher.data ?? result ?? null
  const sending = fetcher.state !== 'idle'
  return (
    <Card as="section" tone="peach" aria-labelledby="quiz-email-title" className="p-5 sm:p-6">
      <h2 id="quiz-email-title" className="text-xl font-extrabold text-ink">
        Email me this checklist
      </h2>
      <p className="mt-1 text-sm text-ink">We will send the list and a link back to it. Nothing else: we do not sign you up for anything.</p>
      <fetcher.Form method="post" action={`/baby-registry-checklist-quiz/email?${answersQuery(answers)}`} noValidate className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-start">
        <TextField
          label="Your email address"
          name="email"
          type="email"
          autoComplete="email"
          required
          maxLength={254}
          defaultValue={shown && !shown.ok ? shown.typed : defaultEmail}
          error={shown && !shown.ok ? (shown.fields.email?.[0] ?? shown.message) : undefined}
          containerClassName="flex-1"
        />
        <Button type="submit" className="sm:mt-7" pending={sending} pendingLabel="Sending…">
          Send my checklist
        </Button>
      </fetcher.Form>
      {shown?.ok ? (
        <Alert tone={shown.skipped ? 'info' : 'success'} title={shown.skipped ? 'Not sent' : 'Sent'} className="mt-4">
          {shown.message}
        </Alert>
      ) : null}
    </Card>
  )
}
