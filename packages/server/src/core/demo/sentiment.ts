// Demo zero-shot model "Sentiment": label descriptions and a small labelled set to evaluate it on.
import type { DemoModel } from './demo-model.js';

export const sentiment: DemoModel = {
  name: 'Sentiment',
  confidenceThreshold: 0.5,
  labels: [
    {
      name: 'positive',
      descriptions: [
        'positive, happy, satisfied, pleased, great, excellent, love it, thank you',
        'I am very happy with the wonderful service, it was excellent and fantastic',
        'good experience, amazing help, delighted and grateful',
      ],
    },
    {
      name: 'negative',
      descriptions: [
        'negative, angry, frustrated, disappointed, terrible, awful, unacceptable, worst',
        'I am very unhappy and upset, this is a horrible and useless experience',
        'bad service, complaint, annoyed, furious, hate it, waste of money',
      ],
    },
    {
      name: 'neutral',
      descriptions: [
        'neutral question or request for information, asking how, when or where',
        'a plain statement of facts without emotion, please let me know the details',
        'I would like to know the opening hours and the address',
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
