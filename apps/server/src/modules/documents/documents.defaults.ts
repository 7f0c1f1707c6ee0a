// The texts a new installation starts with (Markdown); a deployment puts its own in the general settings.

const markdown = (sections: [string, string][]) =>
  sections.map(([heading, text]) => `## ${heading}\n\n${text}`).join('\n\n');

export const DEFAULT_DOCUMENTS = {
  user_agreement: markdown([
    [
      'Parties',
      'This agreement is between the network running this panel and the person or company that registers an account.',
    ],
    [
      'Account',
      'You keep your credentials secret and are responsible for actions under your account. One account per partner unless agreed otherwise.',
    ],
    [
      'Traffic and leads',
      'You send only traffic and leads that meet the offer rules, were obtained lawfully and with the consent the law requires. Fraudulent, incentivised or bot traffic is not paid.',
    ],
    [
      'Payments',
      'Approved conversions are paid by invoice in the offer currency once the minimum payout is reached, after the hold period of the offer.',
    ],
    [
      'Suspension',
      'The network may pause or close an account that breaks this agreement; unpaid amounts for valid traffic are settled.',
    ],
  ]),
  user_privacy_policy: markdown([
    [
      'What we collect',
      'Account data you give us (name, email, messenger contacts, payment details) and technical data needed to run the network: sign-in times, IP addresses, tracked clicks, leads and conversions.',
    ],
    [
      'Why we use it',
      'To run your account, attribute traffic and conversions, pay partners, prevent fraud, answer support requests and meet legal duties. We do not sell personal data.',
    ],
    [
      'Who receives it',
      'Network staff who manage your account, and service providers bound by contract (hosting, email delivery, error reporting). Advertisers never see affiliate personal data.',
    ],
    [
      'How long we keep it',
      'For as long as the account is active and afterwards as long as accounting and legal duties require.',
    ],
    [
      'Your rights',
      'You may ask for a copy, correction or deletion of your data, or object to its use, by writing to the network support.',
    ],
  ]),
  user_terms_and_conditions: markdown([
    [
      'Use of the panel',
      'The panel is provided to manage offers, traffic, statistics and payments. Do not attempt to access data of other partners or disrupt the service.',
    ],
    [
      'Tracking',
      'Statistics recorded by the network are the basis for payments. Report discrepancies within 30 days of the period in question.',
    ],
    [
      'Changes',
      'Offers, payouts and these terms may change; changes to payouts apply from the moment they are published in the panel.',
    ],
    [
      'Liability',
      'The service is provided as is. The network is not liable for lost profit caused by downtime, advertiser decisions or third-party services.',
    ],
    [
      'Contact',
      'Questions about these terms go to the network support through tickets or the contacts of your manager.',
    ],
  ]),
};

/** The day the starting texts were written: the pages show it until a text is changed. */
export const DEFAULT_DOCUMENTS_DAY = '2026-01-01T00:00:00.000Z';
