export type PublicDocument = { title: string; updated: string; sections: { heading: string; text: string }[] };

/** Short plain-language texts; a deployment replaces them with its own (docs/product/settings.md). */
export const DOCUMENTS: Record<string, PublicDocument> = {
  '/user-privacy-policy': {
    title: 'Privacy Policy',
    updated: '2026-01-01',
    sections: [
      {
        heading: 'What we collect',
        text: 'Account data you give us (name, email, messenger contacts, payment details) and technical data needed to run the network: sign-in times, IP addresses, tracked clicks, leads and conversions.',
      },
      {
        heading: 'Why we use it',
        text: 'To run your account, attribute traffic and conversions, pay partners, prevent fraud, answer support requests and meet legal duties. We do not sell personal data.',
      },
      {
        heading: 'Who receives it',
        text: 'Network staff who manage your account, and service providers bound by contract (hosting, email delivery, error reporting). Advertisers never see affiliate personal data.',
      },
      {
        heading: 'How long we keep it',
        text: 'For as long as the account is active and afterwards as long as accounting and legal duties require.',
      },
      {
        heading: 'Your rights',
        text: 'You may ask for a copy, correction or deletion of your data, or object to its use, by writing to the network support.',
      },
    ],
  },
  '/user-agreement': {
    title: 'User Agreement',
    updated: '2026-01-01',
    sections: [
      {
        heading: 'Parties',
        text: 'This agreement is between the network running this panel and the person or company that registers an account.',
      },
      {
        heading: 'Account',
        text: 'You keep your credentials secret and are responsible for actions under your account. One account per partner unless agreed otherwise.',
      },
      {
        heading: 'Traffic and leads',
        text: 'You send only traffic and leads that meet the offer rules, were obtained lawfully and with the consent the law requires. Fraudulent, incentivised or bot traffic is not paid.',
      },
      {
        heading: 'Payments',
        text: 'Approved conversions are paid by invoice in the offer currency once the minimum payout is reached, after the hold period of the offer.',
      },
      {
        heading: 'Suspension',
        text: 'The network may pause or close an account that breaks this agreement; unpaid amounts for valid traffic are settled.',
      },
    ],
  },
  '/user-terms-and-conditions': {
    title: 'Terms and Conditions',
    updated: '2026-01-01',
    sections: [
      {
        heading: 'Use of the panel',
        text: 'The panel is provided to manage offers, traffic, statistics and payments. Do not attempt to access data of other partners or disrupt the service.',
      },
      {
        heading: 'Tracking',
        text: 'Statistics recorded by the network are the basis for payments. Report discrepancies within 30 days of the period in question.',
      },
      {
        heading: 'Changes',
        text: 'Offers, payouts and these terms may change; changes to payouts apply from the moment they are published in the panel.',
      },
      {
        heading: 'Liability',
        text: 'The service is provided as is. The network is not liable for lost profit caused by downtime, advertiser decisions or third-party services.',
      },
      {
        heading: 'Contact',
        text: 'Questions about these terms go to the network support through tickets or the contacts of your manager.',
      },
    ],
  },
};
