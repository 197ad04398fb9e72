import type { Faq } from '../catalog.schema'

/** Frequently asked questions as disclosures; renders nothing when there are none. */
export function FaqSection({ faqs, heading = 'Frequently asked questions' }: { faqs: Faq[]; heading?: string }) {
  if (faqs.length === 0) return null
  return (
    <section aria-labelledby="faq-heading" className="rounded-card border border-line bg-white p-5 sm:p-6">
      <h2 id="faq-heading" className="text-xl font-bold">
        {heading}
      </h2>
      <div className="mt-3 divide-y divide-line">
        {faqs.map((faq) => (
          <details key={faq.question} className="group py-3">
            <summary className="flex cursor-pointer list-none items-start justify-between gap-4 rounded-md py-1 font-semibold [&::-webkit-details-marker]:hidden">
              {faq.question}
              <span aria-hidden="true" className="text-xl leading-none text-berry-700 group-open:rotate-45">
                +
              </span>
            </summary>
            <p className="mt-2 leading-relaxed text-muted">{faq.answer}</p>
          </details>
        ))}
      </div>
    </section>
  )
}
