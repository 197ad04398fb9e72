// A product's size and colour as a shopper chose them, checked against what the product offers, and the
// option key the cart, the stock table and 'notify me' share ('size=NB|color=red', '' without options).
import { DomainError } from '~/lib/errors'

export type ChosenOptions = { size?: string; color?: string }
type Offered = { sizes?: string[]; colors?: string[] }

export const optionMessages = {
  chooseSize: 'Choose a size.',
  chooseColor: 'Choose a colour.',
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
