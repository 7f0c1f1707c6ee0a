// ISO 639-1 code → English name: the languages offers and leads are most often run in.
export const LANGUAGES: Readonly<Record<string, string>> = {
  af: 'Afrikaans', am: 'Amharic', ar: 'Arabic', az: 'Azerbaijani', be: 'Belarusian',
  bg: 'Bulgarian', bn: 'Bengali', bs: 'Bosnian', cs: 'Czech', da: 'Danish',
  de: 'German', el: 'Greek', en: 'English', es: 'Spanish', et: 'Estonian',
  fa: 'Persian', fi: 'Finnish', fr: 'French', ga: 'Irish', ha: 'Hausa',
  he: 'Hebrew', hi: 'Hindi', hr: 'Croatian', hu: 'Hungarian', hy: 'Armenian',
  id: 'Indonesian', is: 'Icelandic', it: 'Italian', ja: 'Japanese', ka: 'Georgian',
  kk: 'Kazakh', km: 'Khmer', ko: 'Korean', lt: 'Lithuanian', lv: 'Latvian',
  mk: 'Macedonian', mn: 'Mongolian', mr: 'Marathi', ms: 'Malay', my: 'Burmese',
  ne: 'Nepali', nl: 'Dutch', no: 'Norwegian', pa: 'Punjabi', pl: 'Polish',
  pt: 'Portuguese', ro: 'Romanian', ru: 'Russian', si: 'Sinhala', sk: 'Slovak',
  sl: 'Slovenian', sq: 'Albanian', sr: 'Serbian', sv: 'Swedish', sw: 'Swahili',
  ta: 'Tamil', te: 'Telugu', th: 'Thai', tl: 'Tagalog', tr: 'Turkish',
  uk: 'Ukrainian', ur: 'Urdu', uz: 'Uzbek', vi: 'Vietnamese', yo: 'Yoruba',
  zh: 'Chinese', zu: 'Zulu',
};
