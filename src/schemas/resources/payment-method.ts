import { integer, literal, object, Static, string } from '../typed-schema';
import { resource } from './shared';

export const paymentMethodSchema = resource('pm', 'payment_method', {
  type: literal('card'),
  card: object({
    brand: string(),
    last4: string({ pattern: '^[0-9]{4}$' }),
    exp_month: integer(),
    exp_year: integer(),
  }),
});
/** A card payment method as the API serves it. */
export type PaymentMethod = Static<typeof paymentMethodSchema>;
