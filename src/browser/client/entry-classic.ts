import { createPayments } from './payments';
import { scriptBase } from './script-base';
import type { PaymentsFactory } from './types';

// The classic script (`<script src="…/js/v1/payments.js">`): defines window.Payments, whose default apiBase is
// the address this script was loaded from.
const script = document.currentScript as HTMLScriptElement | null;
(window as unknown as { Payments: PaymentsFactory }).Payments = createPayments(scriptBase(script?.src, '/js/v1/payments.js'));
