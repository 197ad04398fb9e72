import { data, Form, useNavigation } from 'react-router'
import { answerLabel, answersFromParams, personaliseChecklist, QUIZ_QUESTIONS, type QuizAnswers } from '~/modules/checklist/checklist.quiz'
import { PersonalChecklist, QuizEmailForm } from '~/modules/checklist/ui/quiz-results'
import { getViewer } from '~/modules/accounts/auth.server'
import { Alert, Button, Card, cx, Icon, LinkButton } from '~/ui'
import type { Route } from './+types/quiz'

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.answers ? 'Your personalized baby registry checklist | Nestlist' : 'Baby registry checklist quiz | Nestlist' },
  { name: 'description', content: 'Answer five quick questions and get a baby registry checklist that fits your home, your plans and your budget.' },
  // Results pages are one family's answers, not content.
  ...(loaderData?.answers ? [{ name: 'robots', content: 'noindex' }] : []),
]

/** /baby-registry-checklist-quiz: five questions (a GET form) and, once answered, the personalised checklist. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams
  const asked = QUIZ_QUESTIONS.some((q) => params.has(q.name))
  const { answers, fields, partial } = answersFromParams(params)
  if (!answers) {
    const body = { answers: null, results: null, fields: asked ? fields : {}, partial, email: '' }
    return asked ? data(body, { status: 400 }) : body
  }
  const viewer = await getViewer(request, context)
  return { answers, results: personaliseChecklist(await context.services.checklist.categories(), answers), fields: {}, partial, email: viewer?.user.email ?? '' }
}

function QuizForm({ partial, fields, compact }: { partial: Partial<Record<string, string>>; fields: Record<string, string[]>; compact?: boolean }) {
  const navigation = useNavigation()
  const building = navigation.state === 'loading' && navigation.location.pathname === '/baby-registry-checklist-quiz'
  return (
    <Form method="get" action="/baby-registry-checklist-quiz" preventScrollReset={false} className="flex flex-col gap-5" aria-label="Checklist quiz">
      {QUIZ_QUESTIONS.map((q, index) => {
        const error = fields[q.name]?.[0]
        return (
          <fieldset key={q.name} className="rounded-card border border-line bg-white p-4 sm:p-5" aria-describedby={error ? `${q.name}-error` : undefined}>
            <legend className="px-1 text-base font-bold text-ink">
              <span className="text-muted">{index + 1}. </span>
              {q.label}
            </legend>
            {error ? (
              <p id={`${q.name}-error`} className="mt-1 flex items-center gap-1 text-sm font-semibold text-berry-700">
                <Icon name="alert" className="size-4" />
                {error}
              </p>
            ) : null}
            <div className={cx('mt-2 grid gap-2', compact ? 'sm:grid-cols-2' : 'sm:grid-cols-2 lg:grid-cols-3')}>
              {q.options.map((o) => (
                <label
                  key={o.value}
                  className="flex min-h-11 cursor-pointer items-center gap-3 rounded-xl border border-line-strong px-3 py-2 text-ink has-[:checked]:border-berry-700 has-[:checked]:bg-berry-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-berry-700"
                >
                  <input type="radio" name={q.name} value={o.value} defaultChecked={partial[q.name] === o.value} required className="size-5 shrink-0 accent-berry-700" />
                  <span>{o.label}</span>
                </label>
              ))}
            </div>
          </fieldset>
        )
      })}
      <div>
        <Button type="submit" size="lg" pending={building} pendingLabel="Building your checklist…" icon={<Icon name="sparkle" className="size-5" />}>
          {compact ? 'Update my checklist' : 'Build my checklist'}
        </Button>
      </div>
    </Form>
  )
}

function AnswerSummary({ answers }: { answers: QuizAnswers }) {
  return (
    <ul className="mt-4 flex flex-wrap gap-2">
      {QUIZ_QUESTIONS.map((q) => (
        <li key={q.name} className="rounded-full bg-white px-3 py-1 text-sm font-semibold text-ink">
          {answerLabel(q.name, answers[q.name])}
        </li>
      ))}
    </ul>
  )
}

export default function ChecklistQuiz({ loaderData }: Route.ComponentProps) {
  const { answers, results, fields, partial, email } = loaderData
  if (!answers || !results) {
    const count = Object.keys(fields).length
    return (
      <div className="mx-auto flex w-full max-w-3xl flex-col gap-6">
        <Card as="header" tone="berry" className="p-6 sm:p-8">
          <p className="text-sm font-bold tracking-wide text-berry-700 uppercase">Checklist quiz</p>
          <h1 className="mt-1 text-3xl font-extrabold tracking-tight text-ink sm:text-4xl">Build a checklist that fits your family</h1>
          <p className="mt-3 text-base text-ink">Five quick questions about your home and plans. We will trim the full checklist to what is likely to help you most.</p>
        </Card>
        {count > 0 ? (
          <Alert tone="error" title="A few answers are missing">
            Answer every question to see your checklist ({count === 1 ? '1 question needs' : `${count} questions need`} an answer).
          </Alert>
        ) : null}
        <QuizForm partial={partial} fields={fields} />
      </div>
    )
  }
  const items = results.reduce((n, c) => n + c.items.length, 0)
  return (
    <div className="flex flex-col gap-6">
      <Card as="header" tone="berry" className="p-6 sm:p-8">
        <p className="text-sm font-bold tracking-wide text-berry-700 uppercase">Your quiz results</p>
        <h1 className="mt-1 text-3xl font-extrabold tracking-tight text-ink sm:text-4xl">Your personalized checklist</h1>
        <p className="mt-3 max-w-2xl text-base text-ink">
          {items} suggestions across {results.length} categories, chosen for your answers. Notes marked “For you” explain what we changed.
        </p>
        <AnswerSummary answers={answers} />
        <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
          <LinkButton to="/baby-registry-checklist/start_checklist" size="lg">
            Start your checklist
          </LinkButton>
          <LinkButton to="/baby-registry-checklist" variant="secondary" size="lg">
            See the full checklist
          </LinkButton>
        </div>
      </Card>

      <QuizEmailForm answers={answers} defaultEmail={email} />

      <PersonalChecklist categories={results} />

      <Card as="section" aria-labelledby="change-title" className="p-5 sm:p-6">
        <h2 id="change-title" className="mb-4 text-xl font-extrabold text-ink">
          Change your answers
        </h2>
        <QuizForm partial={answers} fields={{}} compact />
      </Card>
    </div>
  )
}
