import { useRef, useState } from 'react'
import { data, Form, useNavigation } from 'react-router'
import { StaffPageHeader } from '~/components/staff-page'
import { isDomainError } from '~/lib/errors'
import { formatLongDate } from '~/lib/format'
import { type FormFailure, formFailure } from '~/lib/form-errors'
import { useScripted } from '~/lib/use-scripted'
import { requireStaff } from '~/modules/accounts/auth.server'
import { useFocusFirstInvalid } from '~/modules/accounts/ui/use-focus-first-invalid'
import type { BannerAdStatus, StaffBannerAd } from '~/modules/banner-ads/banner-ads.service.server'
import { HOME_BANNER_ADS_MAX, type HomeBannerAdInput } from '~/modules/banner-ads/banner-ads.validation'
import { BANNER_ART, BANNER_ART_SIZE, type BannerArtSlug, bannerImagePath } from '~/modules/catalog/banner-art'
import { Alert, Badge, Button, Card, cx, FieldError, inputClasses, Label, TextField, TextLink } from '~/ui'
import type { Route } from './+types/banner-ads'

export const meta = () => [{ title: 'Banner ads | Nestlist staff' }, { name: 'robots', content: 'noindex' }]
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'private, no-store' })

const OWN = 'own'

const t = {
  title: 'Banner ads',
  intro: `The home banner ads on the shop's landing page (/store). The first ${HOME_BANNER_ADS_MAX} running, by position, are shown; while any is shown the registry discount banner steps aside there. Times are in UTC.`,
  listTitle: (n: number) => (n === 1 ? '1 banner ad' : `${n} banner ads`),
  none: 'No banner ads yet.',
  status: { shown: 'Shown now', waiting: 'Running, not shown', scheduled: 'Scheduled', ended: 'Ended' } satisfies Record<BannerAdStatus, string>,
  waitingWhy: `Only the first ${HOME_BANNER_ADS_MAX} running ads by position are shown.`,
  position: 'Position',
  starts: 'Starts',
  ends: 'Ends',
  noEnd: 'No end',
  link: 'Link',
  image: 'Image',
  size: (w: number, h: number) => `${w} × ${h} px`,
  alt: 'Alt text',
  edit: 'Edit',
  editLabel: (name: string) => `Edit ${name}`,
  end: 'End now',
  endLabel: (name: string) => `End now: ${name}`,
  ending: 'Ending…',
  addTitle: 'Add a banner ad',
  editTitle: (name: string) => `Edit ${name}`,
  cancelEdit: 'Stop editing',
  name: 'Name',
  nameHint: 'Short; analytics report banner clicks by it.',
  art: 'Picture',
  artHint: (w: number, h: number) => `One of the banners we ship (${w} × ${h} px), or another image of ours: then enter its path and size.`,
  ownOption: 'Another image of ours',
  imagePath: 'Image path',
  imagePathHint: 'Only for another image: a path of ours like /images/banners/nursery-week.svg.',
  width: 'Width in pixels',
  height: 'Height in pixels',
  altText: 'Alt text',
  altHint: 'What the picture says, for people who cannot see it.',
  linkUrl: 'Link',
  linkHint: 'A path on this site like /store/nursery, or an https address.',
  positionHint: `Lower comes first; at most ${HOME_BANNER_ADS_MAX} are shown.`,
  startsAt: 'Starts at (UTC)',
  endsAt: 'Ends at (UTC)',
  endsHint: 'Leave empty to run until ended.',
  add: 'Add banner ad',
  adding: 'Adding…',
  save: 'Save changes',
  saving: 'Saving…',
  fix: 'Some fields need another look.',
  shopNote: 'The shop caches were refreshed, so /store shows it on its next load.',
  added: (name: string) => `${name} was added.`,
  saved: (name: string) => `${name} was saved.`,
  ended: (name: string) => `${name} was ended and is no longer shown.`,
  alreadyEnded: (name: string) => `${name} had already ended.`,
}

/** What the form holds, as typed. */
type Values = { name: string; art: string; imagePath: string; imageWidth: string; imageHeight: string; altText: string; linkUrl: string; position: string; startsAt: string; endsAt: string }
type Intent = 'create' | 'update' | 'end'
type Result = { ok: true; message: string; key: string } | (FormFailure & { intent: Intent; id: number | null; values: Values })

/** 'November 28, 2026 at 01:30 UTC'. */
function formatMoment(iso: string) {
  return `${formatLongDate(iso)} at ${iso.slice(11, 16)} UTC`
}

/** An ISO moment as a datetime-local value in UTC ('2026-11-28T01:30'). */
const toLocalInput = (iso: string) => iso.slice(0, 16)

/** A datetime-local value is read as UTC (the page says so); anything else as written, for the checks to judge. */
const fromLocalInput = (value: string) => (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?$/.test(value) ? `${value}Z` : value)

const artSlug = (ad: Pick<StaffBannerAd, 'imageUrl' | 'imageWidth' | 'imageHeight'>) =>
  (Object.keys(BANNER_ART) as BannerArtSlug[]).find((slug) => bannerImagePath(slug) === ad.imageUrl && ad.imageWidth === BANNER_ART_SIZE.width && ad.imageHeight === BANNER_ART_SIZE.height)

function valuesOf(ad: StaffBannerAd): Values {
  const slug = artSlug(ad)
  return {
    name: ad.name,
    art: slug ?? OWN,
    imagePath: slug ? '' : ad.imageUrl,
    imageWidth: slug ? '' : String(ad.imageWidth),
    imageHeight: slug ? '' : String(ad.imageHeight),
    altText: ad.altText,
    linkUrl: ad.linkUrl,
    position: String(ad.position),
    startsAt: toLocalInput(ad.startsAt),
    endsAt: ad.endsAt ? toLocalInput(ad.endsAt) : '',
  }
}

const blankValues = (): Values => ({
  name: '',
  art: 'nursery-week',
  imagePath: '',
  imageWidth: '',
  imageHeight: '',
  altText: '',
  linkUrl: '',
  position: '0',
  startsAt: toLocalInput(new Date().toISOString()),
  endsAt: '',
})

/** The form as the service's input: a shipped banner brings its path and size; another image its typed ones. */
function inputOf(v: Values): HomeBannerAdInput {
  const shipped = Object.hasOwn(BANNER_ART, v.art) ? (v.art as BannerArtSlug) : null
  return {
    name: v.name,
    imageUrl: shipped ? bannerImagePath(shipped) : v.art === OWN ? v.imagePath : '',
    imageWidth: shipped ? BANNER_ART_SIZE.width : v.imageWidth,
    imageHeight: shipped ? BANNER_ART_SIZE.height : v.imageHeight,
    altText: v.altText,
    linkUrl: v.linkUrl,
    position: v.position.trim() === '' ? undefined : v.position,
    startsAt: fromLocalInput(v.startsAt.trim()),
    endsAt: v.endsAt.trim() === '' ? null : fromLocalInput(v.endsAt.trim()),
  }
}

const notFound = () => data(null, { status: 404 })

/** /admin/banner-ads: staff list, add, edit and end the home banner ads (?edit={id} opens one in the form). Everyone else gets the 404 page. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context)
  const ads = await context.services.bannerAds.list()
  const editParam = new URL(request.url).searchParams.get('edit')
  const editing = editParam === null ? null : (ads.find((a) => String(a.id) === editParam) ?? null)
  if (editParam !== null && !editing) throw notFound()
  const art = (Object.keys(BANNER_ART) as BannerArtSlug[]).map((slug) => ({ slug, label: BANNER_ART[slug].headline }))
  return { ads, editing: editing ? { id: editing.id, name: editing.name, values: valuesOf(editing) } : null, blank: blankValues(), art }
}

export async function action({ request, context }: Route.ActionArgs) {
  const staff = await requireStaff(request, context)
  const form = await request.formData()
  const field = (name: string, max = 2100) => String(form.get(name) ?? '').slice(0, max)
  const intent: Intent = form.get('intent') === 'update' ? 'update' : form.get('intent') === 'end' ? 'end' : 'create'
  const idText = field('id', 12)
  const id = /^\d{1,10}$/.test(idText) ? Number(idText) : null
  if (intent !== 'create' && id === null) throw notFound()
  const values: Values = {
    name: field('name', 200),
    art: field('art', 100),
    imagePath: field('imagePath'),
    imageWidth: field('imageWidth', 20),
    imageHeight: field('imageHeight', 20),
    altText: field('altText', 400),
    linkUrl: field('linkUrl'),
    position: field('position', 20),
    startsAt: field('startsAt', 40),
    endsAt: field('endsAt', 40),
  }
  const ads = context.services.bannerAds
  try {
    let message: string
    let changed = true
    if (intent === 'end') {
      const done = await ads.end(id!)
      changed = done.ended
      message = done.ended ? `${t.ended(done.name)} ${t.shopNote}` : t.alreadyEnded(done.name)
    } else if (intent === 'update') {
      message = `${t.saved((await ads.update(id!, inputOf(values))).name)} ${t.shopNote}`
    } else {
      message = `${t.added((await ads.create(inputOf(values))).name)} ${t.shopNote}`
    }
    // Cheap (the listing index reloads in ~100 ms on the demo data) and /store's page cache would otherwise keep the old ads ~15 s.
    if (changed) await context.services.shopCaches.refresh(staff.user.id)
    return data<Result>({ ok: true, message, key: `${intent}-${id ?? 'new'}-${Date.now()}` })
  } catch (error) {
    if (isDomainError(error) && error.code === 'not_found') throw notFound()
    const failure = formFailure(error)
    return data<Result>({ ...failure, message: t.fix, intent, id, values }, { status: failure.status })
  }
}

const statusVariant = { shown: 'success', waiting: 'soon', scheduled: 'info', ended: 'neutral' } as const

function AdCard({ ad }: { ad: StaffBannerAd }) {
  const navigation = useNavigation()
  const ending = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'end' && navigation.formData.get('id') === String(ad.id)
  return (
    <Card as="article" aria-labelledby={`ad-${ad.id}`} className="flex flex-col gap-4 p-4 sm:flex-row sm:p-5">
      <img
        src={ad.imageUrl}
        alt=""
        width={ad.imageWidth}
        height={ad.imageHeight}
        loading="lazy"
        decoding="async"
        className="block h-auto w-full self-start rounded-lg ring-1 ring-line sm:w-56 sm:shrink-0"
      />
      <div className="flex min-w-0 flex-1 flex-col gap-3">
        <div className="flex flex-wrap items-center gap-2">
          <h3 id={`ad-${ad.id}`} className="text-lg font-bold break-words">
            {ad.name}
          </h3>
          <Badge variant={statusVariant[ad.status]}>{t.status[ad.status]}</Badge>
        </div>
        {ad.status === 'waiting' ? <p className="text-sm text-muted">{t.waitingWhy}</p> : null}
        <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
          <dt className="font-semibold">{t.position}</dt>
          <dd>{ad.position}</dd>
          <dt className="font-semibold">{t.starts}</dt>
          <dd>{formatMoment(ad.startsAt)}</dd>
          <dt className="font-semibold">{t.ends}</dt>
          <dd>{ad.endsAt ? formatMoment(ad.endsAt) : t.noEnd}</dd>
          <dt className="font-semibold">{t.link}</dt>
          <dd className="font-mono break-all">{ad.linkUrl}</dd>
          <dt className="font-semibold">{t.image}</dt>
          <dd className="break-all">
            <span className="font-mono">{ad.imageUrl}</span>, {t.size(ad.imageWidth, ad.imageHeight)}
          </dd>
          <dt className="font-semibold">{t.alt}</dt>
          <dd className="break-words">{ad.altText}</dd>
        </dl>
        <div className="flex flex-wrap items-center gap-3">
          <TextLink to={`/admin/banner-ads?edit=${ad.id}#ad-form`} aria-label={t.editLabel(ad.name)} className="flex min-h-11 items-center">
            {t.edit}
          </TextLink>
          {ad.status === 'ended' ? null : (
            <Form method="post">
              <input type="hidden" name="intent" value="end" />
              <input type="hidden" name="id" value={ad.id} />
              <Button type="submit" variant="secondary" size="sm" aria-label={t.endLabel(ad.name)} pending={ending} pendingLabel={t.ending}>
                {t.end}
              </Button>
            </Form>
          )}
        </div>
      </div>
    </Card>
  )
}

type Art = { slug: string; label: string }

function AdForm({ editing, values, failure, art }: { editing: { id: number; name: string } | null; values: Values; failure: Extract<Result, { ok: false }> | undefined; art: Art[] }) {
  const navigation = useNavigation()
  const intent = editing ? 'update' : 'create'
  const pending = navigation.state === 'submitting' && navigation.formData?.get('intent') === intent
  const formRef = useRef<HTMLFormElement>(null)
  useFocusFirstInvalid(formRef, failure)
  const scripted = useScripted()
  const [choice, setChoice] = useState(values.art)
  // Without JavaScript the path and size fields are always there; with it, only for another image.
  const ownFields = !scripted || choice === OWN
  const err = (k: string) => failure?.fields[k]?.[0]
  const imageError = err('imageUrl')
  const artId = 'ad-art'
  const artDescribedBy = [`${artId}-hint`, imageError && choice !== OWN ? `${artId}-error` : null].filter(Boolean).join(' ')
  return (
    <Card as="section" id="ad-form" aria-labelledby="ad-form-title" className="scroll-mt-24 p-5 sm:p-6">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="ad-form-title" className="text-xl font-bold break-words">
          {editing ? t.editTitle(editing.name) : t.addTitle}
        </h2>
        {editing ? (
          <TextLink to="/admin/banner-ads" className="flex min-h-11 items-center text-sm">
            {t.cancelEdit}
          </TextLink>
        ) : null}
      </div>
      <Form ref={formRef} method="post" noValidate className="mt-4 flex flex-col gap-5">
        <input type="hidden" name="intent" value={intent} />
        {editing ? <input type="hidden" name="id" value={editing.id} /> : null}
        {failure ? <Alert tone="error">{failure.message}</Alert> : null}
        <TextField label={t.name} hint={t.nameHint} name="name" required maxLength={80} autoComplete="off" defaultValue={values.name} error={err('name')} />
        <div>
          <Label htmlFor={artId}>{t.art}</Label>
          <p id={`${artId}-hint`} className="mt-1 text-sm text-muted">
            {t.artHint(BANNER_ART_SIZE.width, BANNER_ART_SIZE.height)}
          </p>
          <select
            id={artId}
            name="art"
            value={choice}
            onChange={(e) => setChoice(e.currentTarget.value)}
            className={cx(inputClasses, 'mt-1.5 appearance-auto pr-8')}
            aria-invalid={imageError && choice !== OWN ? true : undefined}
            aria-describedby={artDescribedBy}
          >
            {art.map((a) => (
              <option key={a.slug} value={a.slug}>
                {a.label}
              </option>
            ))}
            <option value={OWN}>{t.ownOption}</option>
          </select>
          <FieldError id={`${artId}-error`}>{choice !== OWN ? imageError : undefined}</FieldError>
        </div>
        {ownFields ? (
          <div className="grid grid-cols-1 gap-5 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)]">
            <TextField
              label={t.imagePath}
              hint={t.imagePathHint}
              name="imagePath"
              autoComplete="off"
              spellCheck={false}
              maxLength={300}
              defaultValue={values.imagePath}
              error={choice === OWN ? imageError : undefined}
            />
            <TextField
              label={t.width}
              name="imageWidth"
              inputMode="numeric"
              autoComplete="off"
              maxLength={5}
              defaultValue={values.imageWidth}
              error={err('imageWidth')}
              containerClassName="self-end"
            />
            <TextField
              label={t.height}
              name="imageHeight"
              inputMode="numeric"
              autoComplete="off"
              maxLength={5}
              defaultValue={values.imageHeight}
              error={err('imageHeight')}
              containerClassName="self-end"
            />
          </div>
        ) : null}
        <TextField label={t.altText} hint={t.altHint} name="altText" required maxLength={200} autoComplete="off" defaultValue={values.altText} error={err('altText')} />
        <TextField label={t.linkUrl} hint={t.linkHint} name="linkUrl" required maxLength={2000} autoComplete="off" spellCheck={false} defaultValue={values.linkUrl} error={err('linkUrl')} />
        <div className="grid grid-cols-1 gap-5 sm:grid-cols-3">
          <TextField label={t.position} hint={t.positionHint} name="position" inputMode="numeric" autoComplete="off" maxLength={4} defaultValue={values.position} error={err('position')} />
          <TextField label={t.startsAt} name="startsAt" type="datetime-local" required defaultValue={values.startsAt} error={err('startsAt')} containerClassName="self-end" />
          <TextField label={t.endsAt} hint={t.endsHint} name="endsAt" type="datetime-local" optional defaultValue={values.endsAt} error={err('endsAt')} />
        </div>
        <Button type="submit" className="self-start" pending={pending} pendingLabel={editing ? t.saving : t.adding}>
          {editing ? t.save : t.add}
        </Button>
      </Form>
    </Card>
  )
}

export default function AdminBannerAds({ loaderData, actionData }: Route.ComponentProps) {
  const { ads, editing, blank, art } = loaderData
  const result = actionData as Result | undefined
  const intent = editing ? 'update' : 'create'
  // A failure of this form keeps what was typed; a success starts it over (a new key) from the saved ad or a blank one.
  const failure = result && !result.ok && result.intent === intent && (intent === 'create' || result.id === editing?.id) ? result : undefined
  const values = failure?.values ?? editing?.values ?? blank
  const formKey = `${editing?.id ?? 'new'}-${result?.ok ? result.key : 'form'}`
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-6">
      <StaffPageHeader title={t.title} success={result?.ok ? result.message : null}>
        {t.intro}
      </StaffPageHeader>
      {/* The form first: its success message (in the header) and its field errors are in view after a save. */}
      <AdForm key={formKey} editing={editing} values={values} failure={failure} art={art} />
      <section aria-labelledby="ads-title" className="flex flex-col gap-3">
        <h2 id="ads-title" className="text-xl font-bold">
          {t.listTitle(ads.length)}
        </h2>
        {ads.length === 0 ? <p className="text-base text-muted">{t.none}</p> : ads.map((ad) => <AdCard key={ad.id} ad={ad} />)}
      </section>
    </div>
  )
}
