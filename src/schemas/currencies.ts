/** ISO 4217 currency codes accepted by the mock (lowercase, as stored). */
export const CURRENCIES = (
  'aed afn all amd ang aoa ars aud awg azn bam bbd bdt bgn bhd bif bmd bnd bob brl bsd btn bwp byn bzd cad cdf ' +
  'chf clp cny cop crc cup cve czk djf dkk dop dzd egp ern etb eur fjd fkp gbp gel ghs gip gmd gnf gtq gyd hkd hnl ' +
  'htg huf idr ils inr iqd irr isk jmd jod jpy kes kgs khr kmf kpw krw kwd kyd kzt lak lbp lkr lrd lsl lyd mad mdl ' +
  'mga mkd mmk mnt mop mru mur mvr mwk mxn myr mzn nad ngn nio nok npr nzd omr pab pen pgk php pkr pln pyg qar ron ' +
  'rsd rub rwf sar sbd scr sdg sek sgd shp sle sos srd ssp stn syp szl thb tjs tmt tnd top try ttd twd tzs uah ugx ' +
  'usd uyu uzs ves vnd vuv wst xaf xcd xof xpf yer zar zmw zwl'
).split(' ');

/** Currencies without a minor unit: amounts are whole units and the fee has no fixed part. */
export const ZERO_DECIMAL_CURRENCIES = new Set('bif clp djf gnf jpy kmf krw mga pyg rwf ugx vnd vuv xaf xof xpf'.split(' '));
