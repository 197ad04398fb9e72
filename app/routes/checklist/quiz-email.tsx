import { data, Link, redirect } from 'react-router'
import { formFailure } from '~/lib/form-errors'
import { getViewer } from '~/modules/accounts/auth.server'
import { answersFromParams, answersQuery } from '~/modules/checklist/checklist.quiz'
import { QuizEmailForm, type QuizEmailResult } from '~/modules/checklist/ui/quiz-results'
import { Card } from '~/ui'
import type { Route } from './+types/quiz-email'

export const meta: Route.MetaFunction = () => [{ title: 'Email your checklist | Nestlist' }, { name: 'robots', content: 'noindex' }]

/** /baby-registry-checklist-quiz/email?{answers}: the email form on its own page (where the form lands without JavaScript). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { answers } = answersFromParams(new URL(request.url).searchParams)
  if (!answers) throw redirect('/baby-registry-checklist-quiz')
  const viewer = await getViewer(request, context)
  return { answers, email: viewer?.user.email ?? '' }
}

/** Sends the personalised checklist through the email module (validated, rate-limited, opt-outs respected). */
export async function action({ request, context }: Route.ActionArgs) {
  const url = new URL(request.url)
  const { answers } = answersFromParams(url.searchParams)
  const form = await request.formData()
  const typed = String(form.get('email') ?? '').slice(0, 300)
  if (!answers) return data<QuizEmailResult>({ ok: false, message: 'Answer the quiz first, then we can send your checklist.', fields: {}, typed }, { status: 422 })
  const viewer = await getViewer(request, context)
  try {
    const sent = await context.services.checklist.sendQuizResults({
      email: typed,
      answers,
      clientIp: context.clientIp,
      baseUrl: context.services.publicOrigin,
      viewer: viewer ? { id: viewer.user.id, email: viewer.user.email, firstName: viewer.user.firstName } : null,
    })
    return data<QuizEmailResult>(
      sent.status === 'skipped'
        ? { ok: true, to: sent.to, skipped: true, message: 'You have turned off “Registry reminders and tips” emails, so we did not send it. You can turn them back on in Settings › Email preferences.' }
        : { ok: true, to: sent.to, skipped: false, message: `Your checklist is on its way to ${sent.to}. It can take a minute or two to arrive.` },
    )
  } catch (error) {
    const failure = formFailure(error)
    return data<QuizEmailResult>({ ok: false, message: failure.message, fields: failure.fields, typed }, { status: failure.status })
  }
}

export default function QuizEmailPage({ loaderData, actionData }: Route.ComponentProps) {
  const { answers, email } = loaderData
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-6">
      <Card as="header" tone="berry" className="p-6 sm:p-8">
        <h1 className="text-3xl font-extrabold tracking-tight text-ink">Email your checklist</h1>
        <p className="mt-2 text-base text-ink">We will send your personalized checklist with a link back to it.</p>
      </Card>
      <QuizEmailForm answers={answers} result={actionData ?? null} defaultEmail={email} />
      <p>
        <Link to={`/baby-registry-checklist-quiz?${answersQuery(answers)}`} className="font-semibold text-berry-700 underline underline-offset-2">
          Back to your checklist
        </Link>
      </p>
    </div>
  )
}
