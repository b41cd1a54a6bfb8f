// Links whose text and target may disagree about the host (issue 27): the audit's vectors and a
// generated family of link texts × destinations. Each case says which hosts its text names as a
// reader reads it; the tests render it and read where the browser really goes (`a.href`), in
// happy-dom (linkHost.test.ts) and in headless Chromium (linkHost.e2e.test.ts).

/** A Markdown link and the hosts its text names (lower-case, look-alike dots read as `.`). */
export interface LinkCase {
  readonly markdown: string;
  readonly named: readonly string[];
}

const BANK = 'bank.example';
const EVIL = 'evil.example';

/** The audit's vectors: the text names bank.example, the target is evil.example in some form. */
export const AUDIT_VECTORS: readonly LinkCase[] = [
  { markdown: `[${BANK}](//${EVIL}/login)`, named: [BANK] },
  { markdown: `[${BANK}](///${EVIL}/login)`, named: [BANK] },
  { markdown: `[${BANK}](\\/\\/${EVIL}/login)`, named: [BANK] },
  { markdown: `[${BANK}](\\\\/\\\\/${EVIL}/login)`, named: [BANK] },
  { markdown: `[${BANK}](&#47;&#47;${EVIL}/login)`, named: [BANK] },
  { markdown: `[${BANK}](<//${EVIL}>)`, named: [BANK] },
  { markdown: `<//${EVIL}>`, named: [] },
  { markdown: `[${BANK}][r]\n\n[r]: //${EVIL}/login`, named: [BANK] },
  { markdown: `[${BANK}][r]\n\n[r]: &#47;&#47;${EVIL}`, named: [BANK] },
  { markdown: `[${BANK}](https:${EVIL}/login)`, named: [BANK] },
  { markdown: `[${BANK}](https:/${EVIL}/login)`, named: [BANK] },
  { markdown: `[${BANK}](https:\\\\${EVIL}/login)`, named: [BANK] },
  { markdown: `[${BANK}](https://${BANK}\\\\@${EVIL}/)`, named: [BANK] },
  { markdown: `<https://${BANK}\\@${EVIL}/>`, named: [BANK] },
  { markdown: `[${BANK}](https://${BANK}%5C@${EVIL}/)`, named: [BANK] },
  { markdown: `<https://${BANK}%5C@${EVIL}/>`, named: [BANK, EVIL] },
  { markdown: `[${BANK}](https://${BANK}@${EVIL}/)`, named: [BANK] },
  { markdown: `[${BANK}](irc://${EVIL}/chan)`, named: [BANK] },
  { markdown: `[${BANK}](ircs://${EVIL}:6697/chan)`, named: [BANK] },
  { markdown: `[irc.${BANK}](irc://IRC.EVIL.example/chan)`, named: [`irc.${BANK}`] },
  { markdown: `[192.168.1.1](https://${EVIL}/)`, named: ['192.168.1.1'] },
  { markdown: `[https://[::1]:8443/](https://${EVIL}/)`, named: ['[::1]'] },
  { markdown: `[localhost:8443](https://${EVIL}/)`, named: ['localhost'] },
  { markdown: `[localhost](https://${EVIL}/)`, named: ['localhost'] },
  { markdown: `["${BANK}"](https://${EVIL}/)`, named: [BANK] },
  { markdown: `['${BANK}'](https://${EVIL}/)`, named: [BANK] },
  { markdown: `[“${BANK}”](https://${EVIL}/)`, named: [BANK] },
  { markdown: `[«${BANK}»](https://${EVIL}/)`, named: [BANK] },
  { markdown: `[‹${BANK}›](https://${EVIL}/)`, named: [BANK] },
  { markdown: `[—${BANK}—](https://${EVIL}/)`, named: [BANK] },
  { markdown: `[–${BANK}–](https://${EVIL}/)`, named: [BANK] },
  { markdown: `[${BANK}…](https://${EVIL}/)`, named: [BANK] },
  { markdown: `[…${BANK}](https://${EVIL}/)`, named: [BANK] },
  { markdown: `[→${BANK}](https://${EVIL}/)`, named: [BANK] },
  { markdown: `[${BANK}←](https://${EVIL}/)`, named: [BANK] },
  { markdown: `[⇒ ${BANK}](https://${EVIL}/)`, named: [BANK] },
  { markdown: `[*${BANK}](https://${EVIL}/)`, named: [BANK] },
  { markdown: `[*${BANK}*](https://${EVIL}/)`, named: [BANK] },
  { markdown: `[|${BANK}|](https://${EVIL}/)`, named: [BANK] },
  { markdown: `[bank。example](https://${EVIL}/)`, named: [BANK] },
  { markdown: `[bank｡example](https://${EVIL}/)`, named: [BANK] },
  { markdown: `[bank．example](https://${EVIL}/)`, named: [BANK] },
  { markdown: `[bank․example](https://${EVIL}/)`, named: [BANK] },
  { markdown: `[bank﹒example](https://${EVIL}/)`, named: [BANK] },
  { markdown: `[bank·example](https://${EVIL}/)`, named: [BANK] },
  { markdown: `[bank٠example](https://${EVIL}/)`, named: [BANK] },
  { markdown: `[.${BANK}](https://${EVIL}/)`, named: [BANK] },
  { markdown: `[login_${BANK}](https://${EVIL}/)`, named: [`login_${BANK}`] },
  { markdown: `[paypal.com](https://paypal.com.${EVIL}/)`, named: ['paypal.com'] },
  { markdown: `[paypal.com](https://paypal.co/)`, named: ['paypal.com'] },
  { markdown: `[www.paypal.com](https://paypal.com/)`, named: ['www.paypal.com'] },
];

/** Link texts that name bank.example, as a reader reads each. */
const TEXTS: readonly (readonly [string, readonly string[]])[] = [
  [BANK, [BANK]],
  [`https://${BANK}/login`, [BANK]],
  [`https://${BANK}/a.b/c.d?e.f#g.h`, [BANK]],
  [`log in at ${BANK} now`, [BANK]],
  [`BANK.Example`, [BANK]],
  [`"${BANK}"`, [BANK]],
  [`«${BANK}»`, [BANK]],
  [`—${BANK}—`, [BANK]],
  [`${BANK}…`, [BANK]],
  [`→ ${BANK}`, [BANK]],
  [`|${BANK}|`, [BANK]],
  [`**${BANK}**`, [BANK]],
  [`.${BANK}.`, [BANK]],
  ['bank。example', [BANK]],
  ['bank｡example', [BANK]],
  ['bank．example', [BANK]],
  ['ｂａｎｋ.example', [BANK]],
  [`you@${BANK}`, [BANK]],
  [`${BANK}@${EVIL}`, [BANK, EVIL]],
  [`login_${BANK}`, [`login_${BANK}`]],
  ['the bank', []],
];

/** Destinations: the same host, another, and forms that resolve against the page. */
const TARGETS: readonly string[] = [
  `https://${BANK}/`,
  `https://${BANK}./`,
  `HTTPS://BANK.EXAMPLE/x`,
  `https://${BANK}:8443/`,
  `http://${BANK}/`,
  `https://${EVIL}/`,
  `https://${BANK}.${EVIL}/`,
  `https://${BANK}@${EVIL}/`,
  `https://${BANK}%40${EVIL}/`,
  `https://${BANK}\\\\@${EVIL}/`,
  `https://${BANK}%5C@${EVIL}/`,
  `https://${BANK}%2F@${EVIL}/`,
  `https://${EVIL}/${BANK}`,
  `https://${EVIL}#@${BANK}`,
  `https://bank%2Eexample/`,
  `https://xn--bnk-sna.example/`,
  `https://bаnk.example/`,
  `https://0x7f.1/`,
  `https://[::1]:8443/`,
  `https:${EVIL}`,
  `https:/${EVIL}`,
  `https:\\\\${EVIL}`,
  `//${EVIL}/`,
  `///${EVIL}/`,
  `\\/\\/${EVIL}/`,
  `&#47;&#47;${EVIL}/`,
  `&#x2F;/${EVIL}/`,
  `<//${EVIL}/>`,
  ` //${EVIL}/`,
  `/relative`,
  `#top`,
  `${EVIL}/path`,
  `irc://${EVIL}/chan`,
  `irc://BANK.EXAMPLE/chan`,
  `ircs://${BANK}:6697/chan`,
  `irc:${EVIL}`,
  `javascript:alert(1)`,
];

/** Every text × target, as an inline link and as a reference. */
export const GENERATED: readonly LinkCase[] = TEXTS.flatMap(([text, named]) =>
  TARGETS.flatMap((target) => [
    { markdown: `[${text}](${target})`, named },
    { markdown: `[${text}][t]\n\n[t]: ${target.startsWith('<') ? target : `<${target}>`}`, named },
  ]),
);
