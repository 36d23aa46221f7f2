import { described, nullable, Static, string } from '../typed-schema';
import { resource } from './shared';

export const customerSchema = resource(
  'cus',
  'customer',
  {
    email: nullable(string()),
    name: nullable(string()),
    phone: described(nullable(string()), 'Returned from API version 2025-08-27 on; absent under 2024-09-30 (accepted and stored, not returned).'),
  },
  // Responses rendered for 2024-09-30 do not have it.
  { optional: ['phone'] },
);
/** A customer as the API serves it; `phone` is absent in answers rendered for API version 2024-09-30. */
export type Customer = Static<typeof customerSchema>;
