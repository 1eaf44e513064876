import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signedOut, WithAuth } from '@/test/auth';
import { LandingRoute } from './landing';

function renderLanding() {
  const router = createMemoryRouter(
    [
      { path: '/', Component: LandingRoute },
      { path: '/login', element: <h1>Login page</h1> },
    ],
    { initialEntries: ['/'] },
  );
  render(
    <WithAuth state={signedOut}>
      <RouterProvider router={router} />
    </WithAuth>,
  );
  return router;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('landing page', () => {
  it('shows the hero badge, headline and both hero buttons', () => {
    renderLanding();
    expect(screen.getByText('AI-Powered Dream Analysis')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Transform Your Dreams Into Insights' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Start Your Dream Journey' })).toHaveAttribute('href', '/login?tab=signup');
    expect(screen.getByRole('link', { name: 'Watch Demo' })).toHaveAttribute('href', '/demo');
  });

  it('has a top bar with the product name, Features, Pricing and the signed-out Entrar link', () => {
    renderLanding();
    const nav = within(screen.getByRole('banner')).getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Sonhário home' })).toHaveAttribute('href', '/');
    expect(within(nav).getByText('Sonhário')).toBeInTheDocument();
    expect(within(nav).getByRole('button', { name: 'Features' })).toBeInTheDocument();
    expect(within(nav).getByRole('button', { name: 'Pricing' })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Entrar' })).toHaveAttribute('href', '/login');
  });

  it('Features and Pricing scroll to their section and move focus there without navigating', async () => {
    const user = userEvent.setup();
    const scrolled: string[] = [];
    vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(function (this: Element) {
      scrolled.push(this.id);
    });
    const router = renderLanding();

    await user.click(screen.getByRole('button', { name: 'Pricing' }));
    expect(scrolled).toEqual(['pricing']);
    expect(document.activeElement).toBe(document.getElementById('pricing'));

    await user.click(screen.getByRole('button', { name: 'Features' }));
    expect(scrolled).toEqual(['pricing', 'features']);
    expect(document.activeElement).toBe(document.getElementById('features'));
    expect(router.state.location.pathname).toBe('/');
  });

  it('shows the three feature cards, each Learn More leading to its own explanation on the page', async () => {
    const user = userEvent.setup();
    const scrolled: string[] = [];
    vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(function (this: Element) {
      scrolled.push(this.id);
    });
    const router = renderLanding();
    const section = screen.getByRole('region', { name: /everything your nights/i });
    // The first list is the cards' (each explanation below has its own list of points).
    const [cardList] = within(section).getAllByRole('list');
    const cards = within(cardList!).getAllByRole('listitem');
    expect(cards.map((card) => within(card).getByRole('heading', { level: 3 }).textContent)).toEqual([
      'AI-Powered Analysis',
      'Streak & Rewards',
      'Privacy First',
    ]);

    const learnMore = within(section).getAllByRole('link', { name: /^Learn More about / });
    expect(learnMore.map((link) => link.getAttribute('aria-label'))).toEqual([
      'Learn More about AI-Powered Analysis',
      'Learn More about Streak & Rewards',
      'Learn More about Privacy First',
    ]);
    // Plain anchors to the explanations (they work before the page's JS has run), each naming its card's feature.
    const explanations = [
      {
        feature: 'AI-Powered Analysis',
        title: 'A reading of each dream, in seconds',
        point: /symbols, people and places/i,
      },
      { feature: 'Streak & Rewards', title: 'A morning habit that rewards itself', point: /10 credits pay for one/i },
      { feature: 'Privacy First', title: 'Your dreams stay yours', point: /encrypted with your own key/i },
    ];
    for (const [index, { feature, title, point }] of explanations.entries()) {
      const article = await within(section).findByRole('article', { name: title });
      expect(learnMore[index]).toHaveAttribute('href', `#${article.id}`);
      expect(within(article).getByText(feature)).toBeInTheDocument();
      expect(within(article).getByText(point)).toBeInTheDocument();
    }

    // A click brings the explanation into view and moves focus to it, without leaving the page.
    await user.click(learnMore[2]!);
    const privacy = screen.getByRole('article', { name: 'Your dreams stay yours' });
    expect(scrolled).toEqual([privacy.id]);
    expect(document.activeElement).toBe(privacy);
    await user.click(learnMore[0]!);
    expect(document.activeElement).toBe(screen.getByRole('article', { name: 'A reading of each dream, in seconds' }));
    expect(router.state.location.pathname).toBe('/');
  });

  it('lists the three plans with their prices and contents, Lucid marked Most Popular', () => {
    renderLanding();
    const dreamer = screen.getByRole('group', { name: 'Dreamer' });
    const lucid = screen.getByRole('group', { name: 'Lucid' });
    const oracle = screen.getByRole('group', { name: 'Oracle' });

    expect(within(dreamer).getByText('Free')).toBeInTheDocument();
    for (const item of ['5 AI analyses per month', 'Unlimited dream journaling', 'Basic streak tracking']) {
      expect(within(dreamer).getByText(item)).toBeInTheDocument();
    }

    expect(within(lucid).getByText('$9.99')).toBeInTheDocument();
    expect(within(lucid).getByText('/month')).toBeInTheDocument();
    for (const item of [
      '100 AI analyses per month',
      'Advanced pattern recognition',
      'Full gamification',
      'Daily bonus credits',
    ]) {
      expect(within(lucid).getByText(item)).toBeInTheDocument();
    }

    expect(within(oracle).getByText('$19.99')).toBeInTheDocument();
    expect(within(oracle).getByText('/month')).toBeInTheDocument();
    for (const item of ['Unlimited AI analyses', 'AI chat about dreams', 'Premium insights', 'Priority support']) {
      expect(within(oracle).getByText(item)).toBeInTheDocument();
    }

    expect(screen.getAllByText('Most Popular')).toHaveLength(1);
    expect(within(lucid).getByText('Most Popular')).toBeInTheDocument();
  });

  it('every call to action leads to sign-up (the Cadastro tab), a paid plan’s with the plan (plan-choice.test.tsx)', async () => {
    const user = userEvent.setup();
    const router = renderLanding();
    for (const [name, href] of [
      ['Start Your Dream Journey', '/login?tab=signup'],
      ['Start Your Free Trial', '/login?tab=signup'],
      ['Start for Free', '/login?tab=signup'],
      ['Choose Lucid', '/login?tab=signup&plan=lucid'],
      ['Choose Oracle', '/login?tab=signup&plan=oracle'],
    ] as const) {
      expect(screen.getByRole('link', { name })).toHaveAttribute('href', href);
    }

    await user.click(screen.getByRole('link', { name: 'Start Your Free Trial' }));
    expect(await screen.findByRole('heading', { name: 'Login page' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('has landmarks, a skip link to the main content and a footer with name, tagline and year', () => {
    renderLanding();
    const skipLink = screen.getByRole('link', { name: 'Skip to main content' });
    expect(skipLink).toHaveAttribute('href', '#main-content');
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main-content');

    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByText('Sonhário')).toBeInTheDocument();
    expect(within(footer).getByText(/private dream journal/i)).toBeInTheDocument();
    expect(within(footer).getByText(`© ${new Date().getFullYear()} Sonhário`)).toBeInTheDocument();
  });

  it('links the footer to the privacy policy and the terms, as plain page links', () => {
    renderLanding();
    const legal = within(screen.getByRole('contentinfo')).getByRole('navigation', { name: 'Legal' });
    expect(within(legal).getByRole('link', { name: 'Privacy' })).toHaveAttribute('href', '/privacidade');
    expect(within(legal).getByRole('link', { name: 'Terms' })).toHaveAttribute('href', '/termos');
  });

  it('keeps headings in order: one h1, then h2 sections with h3 cards', () => {
    renderLanding();
    const levels = screen.getAllByRole('heading').map((heading) => Number(heading.tagName.slice(1)));
    expect(levels.filter((level) => level === 1)).toHaveLength(1);
    expect(levels[0]).toBe(1);
    levels.forEach((level, index) => {
      if (index > 0) expect(level - levels[index - 1]!).toBeLessThanOrEqual(1);
    });
  });
});
