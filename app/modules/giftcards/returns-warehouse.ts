// Where families send shipped gifts back (docs/decisions/029): the CBUS site (164) of the spec's warehouse list,
// which consolidates registry gifts and so takes their returns. Plain values: the printable page imports them.
import { WAREHOUSES } from '../orders/warehouses'

export const RETURNS_WAREHOUSE = {
  id: WAREHOUSES.cbus,
  name: 'Nestlist Returns',
  line1: 'CBUS warehouse 164, Dock 7',
  line2: '4400 Alum Creek Drive',
  city: 'Columbus',
  state: 'OH',
  zip: '43207',
} as const
