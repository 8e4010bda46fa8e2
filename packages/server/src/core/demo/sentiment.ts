// Demo zero-shot model "Sentiment": label descriptions, weights and phrases (chosen on eval/dev) and a small labelled set to evaluate it on.
import type { DemoModel } from './demo-model.js';

export const sentiment: DemoModel = {
  name: 'Sentiment',
  confidenceThreshold: 0.5,
  labels: [
    {
      name: 'positive',
      descriptions: [
        'the customer is happy and satisfied: it works well, good quality, friendly people, better than expected',
        'praise, thanks and a recommendation',
      ],
      description_weights: [2, 1],
      phrases: [
        { text: 'really happy with it', weight: 1 },
        { text: 'works perfectly, highly recommend', weight: 1 },
        { text: 'not bad at all, actually quite good', weight: 1 },
        { text: 'exceeded my expectations', weight: 1 },
      ],
    },
    {
      name: 'negative',
      descriptions: [
        'the customer is unhappy: something broke, failed, stopped working, arrived damaged, got lost or came late',
        'a complaint or a sarcastic remark about a problem, poor quality or a waste of money',
        'angry, furious and disappointed: terrible, awful, the worst, I hate it',
      ],
      phrases: [
        { text: 'it broke after a week', weight: 1 },
        { text: 'cancelled again, lost again, late again', weight: 1 },
        { text: 'not worth the money', weight: 1 },
        { text: 'looks nice but it fell apart', weight: 1 },
        { text: 'great, another problem, thanks a lot', weight: 1 },
      ],
    },
    {
      name: 'neutral',
      descriptions: [
        'a plain fact or a question without any opinion or feeling',
        'information about opening hours, prices, sizes, dates, places or how something works',
      ],
      phrases: [
        { text: 'what time do you open?', weight: 1 },
        { text: 'the office is on the second floor', weight: 1 },
        { text: 'how much does it weigh?', weight: 1 },
        { text: 'the meeting is on Tuesday at ten', weight: 1 },
      ],
    },
  ],
  examples: [
    { text: 'Thank you so much, the problem was solved in minutes!', label: 'positive' },
    { text: 'Great product, I am really happy with it.', label: 'positive' },
    { text: 'Excellent service and a very friendly agent.', label: 'positive' },
    { text: 'I love how easy the new app is to use.', label: 'positive' },
    { text: 'Wonderful experience, I will recommend you to my friends.', label: 'positive' },
    { text: 'The delivery was fast and everything arrived perfect.', label: 'positive' },
    { text: 'Amazing support, thanks for going the extra mile.', label: 'positive' },
    { text: 'Very pleased with the quality, well done.', label: 'positive' },
    { text: 'This is the worst service I have ever had.', label: 'negative' },
    { text: 'I am extremely frustrated, nobody answers my emails.', label: 'negative' },
    { text: 'Terrible quality, it broke after one day.', label: 'negative' },
    { text: 'Your app is useless and a complete waste of money.', label: 'negative' },
    { text: 'I am very disappointed and angry about the delay.', label: 'negative' },
    { text: 'Awful experience, the agent was rude to me.', label: 'negative' },
    { text: 'This is unacceptable, I want to complain to a manager.', label: 'negative' },
    { text: 'I hate the new update, everything is worse now.', label: 'negative' },
    { text: 'What are your opening hours on weekends?', label: 'neutral' },
    { text: 'Please send me the details of my order.', label: 'neutral' },
    { text: 'I would like to change my delivery address.', label: 'neutral' },
    { text: 'Where can I find the user manual?', label: 'neutral' },
    { text: 'My order number is 48213.', label: 'neutral' },
    { text: 'Can you tell me when the next version will be released?', label: 'neutral' },
    { text: 'How do I add another user to the account?', label: 'neutral' },
    { text: 'I am writing to ask about the invoice from March.', label: 'neutral' },
  ],
};
