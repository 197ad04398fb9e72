// A product's size and color as a shopper chose them, checked against what the product offers, and the
// option key the cart, the stock table, registry items and 'notify me' share ('size=NB|color=red', '' without
// options). The catalog owns it because the product defines its options; cart, inventory, registry and cash funds
// import it from here, so none of them has to import another for it.
import { DomainError } from '~/lib/errors'

export type ChosenOptions = { size?: string; color?: string }
type Offered = { sizes?: string[]; colors?: string[] }

export const optionMessages = {
  chooseSize: 'Choose a size.',
  chooseColor: 'Choose a color.',
  unknownOption: 'That option is not available for this product.',
} as const

export const optionKey = (o: ChosenOptions) => [o.size ? `size=${o.size}` : '', o.color ? `color=${o.color}` : ''].filter(Boolean).join('|')

/** Every option key a product has (one '' without options), in the order the product lists them. */
export function optionKeysOf(offered: Offered): string[] {
  const sizes = offered.sizes?.length ? offered.sizes : [undefined]
  const colors = offered.colors?.length ? offered.colors : [undefined]
  return sizes.flatMap((size) => colors.map((color) => optionKey({ size, color })))
}

/**
 * The options for the product: each option the product offers must be chosen and be one it offers; options it
 * does not offer are dropped. `required: false` (notify me about any option) lets them be left out.
 */
export function resolveOptions(offered: Offered, chosen: ChosenOptions, { required = true } = {}): ChosenOptions {
  const options: ChosenOptions = {}
  for (const [field, list, missing] of [
    ['size', offered.sizes, optionMessages.chooseSize],
    ['color', offered.colors, optionMessages.chooseColor],
  ] as const) {
    const value = chosen[field]
    if (!list?.length) continue
    if (!value) {
      if (required) throw new DomainError('invalid_input', missing, { fields: { [field]: [missing] } })
      continue
    }
    if (!list.includes(value)) throw new DomainError('invalid_input', optionMessages.unknownOption, { fields: { [field]: [optionMessages.unknownOption] } })
    options[field] = value
  }
  return options
}

/** One open option's value as a buyer may choose it, with how many are left (0: sold out, shown but not choosable). */
export type OptionChoiceValue = { value: string; left: number }
/** The options a registry item left open, each with its values and their stock; `fixed` are the ones the family chose. */
export type OpenOptionChoice = { field: 'size' | 'color'; values: OptionChoiceValue[] }

/**
 * The options still to choose for a product when `fixed` are set already (a registry item's), each value with the
 * most left of any combination it is part of (the fixed options held). `leftOf` answers an option key's stock.
 * Also answers how many are left of the best combination at all (0: nothing of it can be bought now).
 */
export function openOptionChoices(offered: Offered, fixed: ChosenOptions, leftOf: (key: string) => number): { open: OpenOptionChoice[]; left: number } {
  const sizeOpen = Boolean(offered.sizes?.length) && !fixed.size
  const colorOpen = Boolean(offered.colors?.length) && !fixed.color
  const sizes = sizeOpen ? offered.sizes! : [offered.sizes?.length ? fixed.size : undefined]
  const colors = colorOpen ? offered.colors! : [offered.colors?.length ? fixed.color : undefined]
  const bySize = new Map<string, number>()
  const byColor = new Map<string, number>()
  let best = 0
  for (const size of sizes) {
    for (const color of colors) {
      const left = Math.max(0, leftOf(optionKey({ size, color })))
      best = Math.max(best, left)
      if (size) bySize.set(size, Math.max(bySize.get(size) ?? 0, left))
      if (color) byColor.set(color, Math.max(byColor.get(color) ?? 0, left))
    }
  }
  const open: OpenOptionChoice[] = []
  if (sizeOpen) open.push({ field: 'size', values: offered.sizes!.map((value) => ({ value, left: bySize.get(value) ?? 0 })) })
  if (colorOpen) open.push({ field: 'color', values: offered.colors!.map((value) => ({ value, left: byColor.get(value) ?? 0 })) })
  return { open, left: best }
}
