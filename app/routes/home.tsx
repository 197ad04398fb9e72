export const meta = () => [
  { title: 'Nestlist: the universal baby registry and baby shop' },
  { name: 'description', content: 'One registry for everything your family needs, from any store, plus a shop for baby gear.' },
]

export default function Home() {
  return (
    <section className="mx-auto max-w-5xl px-4 py-16">
      <h1 className="text-4xl font-extrabold">One registry for everything your baby needs</h1>
    </section>
  )
}
