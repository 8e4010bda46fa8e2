// Demo zero-shot model "Support topics": label descriptions and a small labelled set to evaluate it on.
import type { DemoModel } from './demo-model.js';

export const supportTopics: DemoModel = {
  name: 'Support topics',
  confidenceThreshold: 0.4,
  labels: [
    {
      name: 'billing',
      descriptions: [
        'billing, invoice, payment, charge, refund, price and subscription fee questions',
        'I was charged twice on my credit card and need a refund for the payment',
        'the invoice amount is wrong and the bill shows an extra fee',
      ],
    },
    {
      name: 'technical_issue',
      descriptions: [
        'technical problem, bug, error, crash, the app or website is not working',
        'the software crashes with an error message when I open it',
        'the page does not load, the system is slow and keeps failing',
      ],
    },
    {
      name: 'account_access',
      descriptions: [
        'account access, login, password, sign in, locked out, two-factor code',
        'I forgot my password and cannot log in to my account',
        'my account is locked and the verification code never arrives',
      ],
    },
    {
      name: 'shipping',
      descriptions: [
        'shipping, delivery, package, parcel, tracking number, courier, order arrived late',
        'my order has not arrived and the package tracking shows no update',
        'the parcel was delivered to the wrong address by the courier',
      ],
    },
    {
      name: 'cancellation',
      descriptions: [
        'cancel the subscription, close the account, terminate the contract, stop the service',
        'I want to cancel my plan and end the contract next month',
        'please terminate my membership and do not renew it',
      ],
    },
    {
      name: 'feedback',
      descriptions: [
        'feedback, suggestion, compliment, feature request, idea to improve the product',
        'great service, thank you, I love the new design',
        'it would be nice if you added a dark mode feature',
      ],
    },
  ],
  examples: [
    { text: 'You charged my card twice this month, please refund one of the payments.', label: 'billing' },
    { text: 'Why is my invoice higher than the price on your website?', label: 'billing' },
    { text: "I need a copy of last month's bill for my accountant.", label: 'billing' },
    { text: 'The payment failed but the money left my bank account.', label: 'billing' },
    { text: 'Can I get a refund for the unused part of my subscription fee?', label: 'billing' },
    { text: 'There is a fee on my statement that I do not recognise.', label: 'billing' },
    { text: 'The app crashes every time I try to upload a photo.', label: 'technical_issue' },
    { text: 'Your website shows an error 500 when I click checkout.', label: 'technical_issue' },
    { text: 'The dashboard has been very slow and keeps freezing since the update.', label: 'technical_issue' },
    { text: 'Sync is broken, my files are not showing up on the other device.', label: 'technical_issue' },
    { text: 'The export button does nothing and the report never downloads.', label: 'technical_issue' },
    { text: 'After installing the new version the program will not start.', label: 'technical_issue' },
    { text: 'I cannot log in, it says my password is wrong even after resetting it.', label: 'account_access' },
    { text: 'My account has been locked after too many sign in attempts.', label: 'account_access' },
    { text: 'The two-factor code never arrives on my phone.', label: 'account_access' },
    { text: 'How do I change the email address I use to sign in?', label: 'account_access' },
    { text: 'I forgot my username and the password reset link expired.', label: 'account_access' },
    { text: 'Someone else may have accessed my account, please help me secure it.', label: 'account_access' },
    { text: 'My package was supposed to arrive on Monday and it is still not here.', label: 'shipping' },
    { text: 'The tracking number you sent does not work on the courier website.', label: 'shipping' },
    { text: 'The parcel arrived damaged and the box was open.', label: 'shipping' },
    { text: 'Can you deliver the order to my office address instead?', label: 'shipping' },
    { text: 'How long does delivery take to Canada?', label: 'shipping' },
    { text: 'The courier left my order with a neighbour I do not know.', label: 'shipping' },
    { text: 'Please cancel my subscription, I no longer need the service.', label: 'cancellation' },
    { text: 'I want to close my account and delete my data.', label: 'cancellation' },
    { text: 'How do I stop the automatic renewal of my plan?', label: 'cancellation' },
    { text: 'I would like to terminate my contract at the end of this month.', label: 'cancellation' },
    { text: 'Cancel my order before it ships, I changed my mind.', label: 'cancellation' },
    { text: 'End my membership today and do not charge me again.', label: 'cancellation' },
    { text: 'Your support team was fantastic, thank you for the quick help!', label: 'feedback' },
    { text: 'It would be great if the app had a dark mode.', label: 'feedback' },
    { text: 'I love the new design, it is much easier to use.', label: 'feedback' },
    { text: 'Suggestion: let us export reports as spreadsheets.', label: 'feedback' },
    { text: 'Just wanted to say the latest update is really good.', label: 'feedback' },
    { text: 'Please consider adding more languages to the interface.', label: 'feedback' },
  ],
};
