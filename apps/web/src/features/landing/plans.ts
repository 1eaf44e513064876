/** The plans as the landing page sells them (spec section 9). Marketing text only; the server enforces limits. */
type PlanId = 'dreamer' | 'lucid' | 'oracle';

export interface Plan {
  id: PlanId;
  name: string;
  /** Display price: 'Free' or a dollar amount. */
  price: string;
  /** Billing period shown after the price, for paid plans. */
  period?: string;
  description: string;
  features: readonly string[];
  ctaLabel: string;
  isHighlighted: boolean;
  badge?: string;
}

export const PLANS: readonly Plan[] = [
  {
    id: 'dreamer',
    name: 'Dreamer',
    price: 'Free',
    description: 'For curious minds starting their dream journal.',
    features: ['5 AI analyses per month', 'Unlimited dream journaling', 'Basic streak tracking'],
    ctaLabel: 'Start for Free',
    isHighlighted: false,
  },
  {
    id: 'lucid',
    name: 'Lucid',
    price: '$9.99',
    period: '/month',
    description: 'For dreamers ready to find the patterns.',
    features: ['100 AI analyses per month', 'Advanced pattern recognition', 'Full gamification', 'Daily bonus credits'],
    ctaLabel: 'Choose Lucid',
    isHighlighted: true,
    badge: 'Most Popular',
  },
  {
    id: 'oracle',
    name: 'Oracle',
    price: '$19.99',
    period: '/month',
    description: 'For explorers who want every insight.',
    features: ['Unlimited AI analyses', 'AI chat about dreams', 'Premium insights', 'Priority support'],
    ctaLabel: 'Choose Oracle',
    isHighlighted: false,
  },
];
