import { ALNUM, seededRandom } from './seededRandom';

// Synthetic true and false positives for the rules of issue 28's missed formats, merged into
// RULE_SAMPLES (ruleSamples.ts). A generator of their own: drawing from ruleSamples.ts's would
// shift every sample made after them.
const LOWER = 'abcdefghijklmnopqrstuvwxyz0123456789';
const HEX = '0123456789abcdef';

/** A pseudo-random string of `length` characters from `alphabet` (its own fixed seed). */
export const sampleRandom = seededRandom(0x2545f491);

const b64url = `${ALNUM}-_`;

export const FORMAT_SAMPLES: Record<string, { tp: string[]; fp: string[] }> = {
  'notion-legacy-token': {
    tp: [
      `NOTION_TOKEN=secret_${sampleRandom(43)}`,
      `Use secret_${sampleRandom(43)} as the bearer.`,
    ],
    fp: ['secret_key_base = "x"', `SECRET_${'KEY_BASE_FOR_THE_APPLICATION_SETTINGS_NAMES'}`],
  },
  'figma-personal-access-token': {
    tp: [`X-Figma-Token: figd_${sampleRandom(40, b64url)}`],
    fp: ['figd_short', `figd_${'x'.repeat(40)}`],
  },
  'mailgun-api-key': {
    tp: [`curl -s --user 'api:key-${sampleRandom(32, LOWER)}' https://api.mailgun.net/v3`],
    fp: ['cache-key-0123456789abcdef0123456789abcdef', `key-${'a'.repeat(32)}`],
  },
  'cloudflare-api-token': {
    tp: [
      `CF token cfut_${sampleRandom(40)}${sampleRandom(8, HEX)}`,
      `cfat_${sampleRandom(40)}${sampleRandom(8, HEX)}`,
      `cfk_${sampleRandom(40)}${sampleRandom(8, HEX)}`,
    ],
    fp: ['cfut_short', `cfut_${'a'.repeat(48)}`],
  },
  'cloudflare-api-token-in-prose': {
    tp: [
      `Your Cloudflare API token is ${sampleRandom(20, b64url)}7aB${sampleRandom(17, b64url)} — keep it private.`,
    ],
    fp: [
      `Cloudflare deployed commit ${sampleRandom(40, HEX)} to production.`,
      'Cloudflare zone id 023e105f4ecef8ad9ca31a8372d0c353',
    ],
  },
  'mailgun-named-key': {
    tp: [
      `MAILGUN_API_KEY=${sampleRandom(32, HEX)}-${sampleRandom(8, HEX)}-${sampleRandom(8, HEX)}`,
      `mailgun_key: key-${sampleRandom(32, LOWER)}`,
    ],
    fp: ['MAILGUN_DOMAIN=mg.example.com', 'MAILGUN_API_KEY=${MAILGUN_API_KEY}'],
  },
};
