// Number parsers the settings tables share: milliseconds (any number from a minimum) and whole counts.
import { numberFrom } from './parse-setting.js';

export const ms = (name: string, min: number) => numberFrom(name, min);
export const whole = (name: string, min: number) => numberFrom(name, min, { whole: true });
