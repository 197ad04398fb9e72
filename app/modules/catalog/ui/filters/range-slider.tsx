import { useId } from 'react'
import { sliderBounds } from './filter-state'

type RangeSliderProps = {
  rawMin: number
  rawMax: number
  /** The chosen ends; undefined means the end of the range (no filter). */
  low: number | undefined
  high: number | undefined
  format: (n: number) => string
  /** What the range is of, for the labels: 'price' gives 'Minimum price' and 'Maximum price'. */
  label: string
  /** Form field names, so the slider submits without JavaScript. */
  names: [string, string]
  onChange: (low: number | undefined, high: number | undefined) => void
}

/**
 * Two native range inputs over whole numbers (spec §5: minimum rounded down, maximum up, step 1 under a
 * spread of 20, else 10). Each is keyboard operable and announces its value with the '$' prefix.
 */
export function RangeSlider({ rawMin, rawMax, low, high, format, label, names, onChange }: RangeSliderProps) {
  const { min, max, step, disabled } = sliderBounds(rawMin, rawMax)
  const id = useId()
  const lo = Math.min(Math.max(low ?? min, min), max)
  const hi = Math.max(Math.min(high ?? max, max), lo)
  const pct = (n: number) => (max === min ? 0 : ((n - min) / (max - min)) * 100)
  // At an end of the range the value means 'no limit', and is not written to the address.
  const emit = (nextLo: number, nextHi: number) => onChange(nextLo <= min ? undefined : nextLo, nextHi >= max ? undefined : nextHi)
  const input =
    'pointer-events-none absolute inset-x-0 top-1/2 h-6 w-full -translate-y-1/2 appearance-none bg-transparent accent-berry-700 ' +
    '[&::-webkit-slider-thumb]:pointer-events-auto [&::-webkit-slider-thumb]:size-6 [&::-webkit-slider-thumb]:cursor-pointer [&::-webkit-slider-thumb]:appearance-none ' +
    '[&::-webkit-slider-thumb]:rounded-full [&::-webkit-slider-thumb]:border-2 [&::-webkit-slider-thumb]:border-white [&::-webkit-slider-thumb]:bg-berry-700 [&::-webkit-slider-thumb]:shadow ' +
    '[&::-moz-range-thumb]:pointer-events-auto [&::-moz-range-thumb]:size-6 [&::-moz-range-thumb]:rounded-full [&::-moz-range-thumb]:border-2 [&::-moz-range-thumb]:border-white [&::-moz-range-thumb]:bg-berry-700 ' +
    'focus-visible:outline-none [&:focus-visible::-webkit-slider-thumb]:outline-3 [&:focus-visible::-webkit-slider-thumb]:outline-offset-2 [&:focus-visible::-webkit-slider-thumb]:outline-berry-700 [&:focus-visible::-webkit-slider-thumb]:outline-solid'
  return (
    <div className="px-1">
      <p className="flex justify-between text-sm font-semibold tabular-nums" aria-hidden="true">
        <span id={`${id}-lo`}>{format(lo)}</span>
        <span id={`${id}-hi`}>{format(hi)}</span>
      </p>
      <div className="relative mx-3 mt-2 h-8">
        <div className="absolute inset-x-0 top-1/2 h-1.5 -translate-y-1/2 rounded-full bg-cream-200" />
        <div className="absolute top-1/2 h-1.5 -translate-y-1/2 rounded-full bg-berry-700" style={{ left: `${pct(lo)}%`, right: `${100 - pct(hi)}%` }} />
        <input
          type="range"
          name={names[0]}
          min={min}
          max={max}
          step={step}
          value={lo}
          disabled={disabled}
          aria-label={`Minimum ${label}`}
          aria-valuetext={format(lo)}
          onChange={(e) => emit(Math.min(Number(e.target.value), hi), hi)}
          className={input}
        />
        <input
          type="range"
          name={names[1]}
          min={min}
          max={max}
          step={step}
          value={hi}
          disabled={disabled}
          aria-label={`Maximum ${label}`}
          aria-valuetext={format(hi)}
          onChange={(e) => emit(lo, Math.max(Number(e.target.value), lo))}
          className={input}
        />
      </div>
    </div>
  )
}
