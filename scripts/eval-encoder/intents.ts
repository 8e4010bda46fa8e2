// The zero-shot labels of the evaluation set: English names and descriptions only, applied to every language.
import type { LabelDefinition } from '@textclass/server/core';

export const EVAL_INTENTS: LabelDefinition[] = [
  {
    name: 'account_access',
    descriptions: ['cannot log in or sign in to my account', 'forgot password, login code or username'],
  },
  { name: 'billing', descriptions: ['payment, invoice, charge or refund problem', 'the bill or price is wrong'] },
  {
    name: 'delivery',
    descriptions: ['the package or parcel delivery is late or lost', 'shipping and tracking of an order'],
  },
  { name: 'bug', descriptions: ['the app or website has an error or crashes', 'a software feature does not work'] },
  { name: 'cancellation', descriptions: ['cancel my subscription, order or contract', 'close or delete my account'] },
  { name: 'praise', descriptions: ['thank you, great and excellent service', 'very happy and satisfied customer'] },
  { name: 'weather', descriptions: ['rain, sun, snow, wind and temperature', 'the weather today'] },
  { name: 'food', descriptions: ['eating, cooking and drinking', 'a meal, dish or restaurant'] },
  { name: 'travel', descriptions: ['a trip by train, plane, bus or car', 'holiday, hotel and airport'] },
];
