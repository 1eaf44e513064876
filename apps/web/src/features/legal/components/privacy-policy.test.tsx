import type { PrivacyInfo } from '@sonhario/contracts/legal';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { applyLanguage } from '@/lib/preferences';
import { renderApp, setupAppWithServer } from '@/test/app';
import { serverRequest } from '@/test/server/real-server';

const api = setupAppWithServer();

async function openPrivacy() {
  const view = renderApp('/privacidade');
  await screen.findByRole('heading', { level: 1, name: 'Política de Privacidade' });
  return view;
}

const aiSection = () => screen.getByRole('region', { name: 'Quem vê seus sonhos: a análise por IA' });

describe('/privacidade', () => {
  it('is public: a visitor reads it, and the server is asked without a token', async () => {
    await openPrivacy();
    expect(await within(aiSection()).findByText('nada sai do servidor')).toBeInTheDocument();
    const [request] = api.server.requestsTo('GET', '/privacy-info');
    expect(request?.headers.authorization).toBeUndefined();
  });

  it('says nothing leaves the server with the builtin analysis', async () => {
    await openPrivacy();
    const section = aiSection();
    expect(await within(section).findByText('Este servidor usa a análise simbólica local')).toBeInTheDocument();
    expect(section).toHaveTextContent('(versão léxico 2026.12)');
    expect(within(section).queryByText('Endereço')).not.toBeInTheDocument();
  });

  it('names the host and model of an OpenAI-compatible provider, and what is sent when', async () => {
    // The instance whose provider is OpenAI-compatible (a local model's address, an operator's contact).
    api.server.upstream = 'generative';
    const info = JSON.parse(
      (await serverRequest({ instance: 'generative', method: 'GET', url: '/api/v1/privacy-info' })).body,
    ) as PrivacyInfo;
    await openPrivacy();
    const section = aiSection();
    expect(await within(section).findByText(info.ai.host!)).toBeInTheDocument();
    expect(within(section).getByText('gpt-4o-mini')).toBeInTheDocument();
    expect(section).toHaveTextContent('só quando você clica em “Analisar sonho”');
    expect(section).toHaveTextContent('depois do seu consentimento');
    expect(section).toHaveTextContent('seu nome, seu e-mail');
    expect(screen.getByRole('link', { name: 'privacidade@sonhario.example' })).toHaveAttribute(
      'href',
      'mailto:privacidade@sonhario.example',
    );
  });

  it('covers storage, encryption, retention, LGPD rights with where to exercise them, and the contact', async () => {
    await openPrivacy();
    const stored = screen.getByRole('region', { name: 'O que guardamos e por quê' });
    expect(stored).toHaveTextContent('AES-256-GCM');
    expect(stored).toHaveTextContent('índice cego com chave');
    const retention = screen.getByRole('region', { name: 'Por quanto tempo guardamos' });
    expect(await within(retention).findByText(/10 minutos/)).toBeInTheDocument();
    expect(retention).toHaveTextContent('destrói a sua chave');
    const rights = screen.getByRole('region', { name: 'Seus direitos (LGPD, art. 18)' });
    expect(within(rights).getByRole('link', { name: 'Configurações' })).toHaveAttribute('href', '/app/settings');
    expect(screen.getByRole('region', { name: 'Contato' })).toHaveTextContent('pelo e-mail de suporte do operador');
    expect(screen.getByText(/^Última atualização: /)).toBeInTheDocument();
  });

  it('says so, with a retry, when the server cannot be asked', async () => {
    const user = userEvent.setup();
    const bringBack = api.server.down('GET', '/privacy-info');
    await openPrivacy();
    const section = aiSection();
    expect(
      await within(section).findByText('Não foi possível consultar agora qual provedor de análise este servidor usa.'),
    ).toBeInTheDocument();
    bringBack();
    await user.click(within(section).getByRole('button', { name: 'Tentar novamente' }));
    expect(await within(section).findByText('nada sai do servidor')).toBeInTheDocument();
  });

  it('is in English when the app is', async () => {
    await act(() => applyLanguage('en'));
    try {
      renderApp('/privacidade');
      expect(await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeInTheDocument();
      expect(await screen.findByText('nothing leaves the server')).toBeInTheDocument();
      expect(screen.getByRole('region', { name: 'Your rights (LGPD, art. 18)' })).toBeInTheDocument();
    } finally {
      await act(() => applyLanguage('pt-BR'));
    }
  });
});

describe('/termos', () => {
  it('states the plans, credits, that analyses are no diagnosis, and CVV 188', async () => {
    renderApp('/termos');
    expect(await screen.findByRole('heading', { level: 1, name: 'Termos de Uso' })).toBeInTheDocument();
    const plans = screen.getByRole('table', { name: 'Análises incluídas por mês' });
    expect(within(plans).getByRole('row', { name: 'Dreamer 5 por mês' })).toBeInTheDocument();
    expect(within(plans).getByRole('row', { name: 'Lucid 100 por mês' })).toBeInTheDocument();
    expect(within(plans).getByRole('row', { name: 'Oracle Ilimitadas' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Planos e créditos' })).toHaveTextContent(
      'cada análise custa 10 créditos',
    );
    expect(screen.getByRole('region', { name: 'Não é aconselhamento médico' })).toHaveTextContent(
      'reflexões, não diagnósticos',
    );
    expect(screen.getByRole('link', { name: '188' })).toHaveAttribute('href', 'tel:188');
  });
});
