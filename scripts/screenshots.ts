// Screenshots of every screen at desktop and phone width, into artifacts/screenshots/.
// Starts its own server on a free port with a fresh data directory, seeds through the API,
// and stops the server at the end (also on failure). Expects a built client (npm run build);
// `npm run screenshots` builds first. Node strips the types: erasable TypeScript only.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { chromiumLaunchOptions } from '../tests/e2e/chromium.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const OUT_DIR = path.join(ROOT, 'artifacts', 'screenshots');
const WIDTHS = [
  { label: 'desktop', width: 1440, height: 900 },
  { label: 'mobile', width: 390, height: 844 },
] as const;


export interface ScreenContext {
  baseUrl: string;
  page: Page;
  context: BrowserContext;
  width: number;
}

export interface ScreenStep {
  /** File name stem: artifacts/screenshots/{name}-{1440|390}.png */
  name: string;
  path: string;
  /** 'user': a browser context logged in as the seeded user; 'operator': as the superadmin; default: anonymous. */
  as?: 'anonymous' | 'user' | 'operator';
  /** Runs before the page loads (route mocks, local storage …). */
  init?: (ctx: ScreenContext) => Promise<void>;
  /** Runs after the page has loaded (fill forms, open menus …). */
  prepare?: (ctx: ScreenContext) => Promise<void>;
  /** Runs after the screenshot (undo what init left in the shared context). */
  cleanup?: (ctx: ScreenContext) => Promise<void>;
  /** Only at these widths (default: all). */
  widths?: readonly number[];
  fullPage?: boolean;
}

const SEED_USER = {
  name: 'Lena Hoffmann',
  email: 'lena.hoffmann@beispiel.de',
  password: 'sicheres-passwort',
};

/** The operator (superadmin) the server creates at start, for the Insight screens. */
const OPERATOR = { email: 'betrieb@mika.test', password: 'Betrieb#Screens2026' };
/** Further teams for the Insight list (idempotent); the last one is deleted (soft) once. */
const LIST_TEAMS = [
  { name: 'Jonas Berger', email: 'jonas.berger@fahrradladen-leipzig.de' },
  { name: 'Aylin Demir', email: 'aylin.demir@praxis-demir.de' },
  { name: 'Paul Schubert', email: 'paul.schubert@schubert-bau.de' },
];

/** Insight: Lena's team opened from the list, as the operator does (search, then the pencil). */
async function openLenasTeam({ page }: ScreenContext): Promise<void> {
  await page.getByRole('searchbox', { name: 'Team oder E-Mail suchen' }).fill(SEED_USER.email);
  await page.getByTestId('insight-row').filter({ hasText: SEED_USER.name }).waitFor();
  await page.getByRole('link', { name: `Team ${SEED_USER.name} bearbeiten` }).click();
  await page.getByTestId('insight-audit').waitFor();
  await page.getByRole('region', { name: 'Externe Tools (MCP)' }).getByRole('button', { name: 'Neu' }).and(page.locator(':enabled')).waitFor();
}

const knowledgeFile = (i: number, name: string, status: string, extra: Record<string, unknown> = {}) => ({
  uuid: `00000000-0000-4000-8000-00000000000${i}`,
  id: i,
  name,
  description: '',
  extension: name.split('.').pop(),
  is_filtered: 0,
  size: 120_000,
  status,
  error: null,
  passages: 0,
  created_at: '2026-11-20T09:00:00.000Z',
  ...extra,
});
const KNOWLEDGE_STATES = {
  max_files: 100,
  files: [
    knowledgeFile(1, 'Preisliste 2027.xlsx', 'queued', { description: 'Gerade hochgeladen' }),
    knowledgeFile(2, 'Handbuch Vertrieb.pdf', 'reading', { description: 'Alles zu Angeboten und Rabatten' }),
    knowledgeFile(3, 'Produktschulung.pptx', 'chunking'),
    knowledgeFile(4, 'Kundenliste.docx', 'indexing', { is_filtered: 1, description: 'Mit Datenschutz' }),
    knowledgeFile(5, 'FAQ Versand.md', 'ready', { passages: 14, description: 'Häufige Fragen zu Lieferung und Retouren' }),
    knowledgeFile(6, 'Scan Vertrag.pdf', 'error', {
      error: 'Die Datei enthält keinen lesbaren Text – vermutlich ein eingescanntes Dokument ohne Texterkennung.',
    }),
    knowledgeFile(7, 'Gehälter.pdf', 'error', { error: 'Die Datei ist passwortgeschützt und kann nicht gelesen werden.' }),
  ],
};

/** Add new screens here. */
export const STEPS: ScreenStep[] = [
  { name: 'login', path: '/login' },
  {
    name: 'login-error',
    path: '/login',
    prepare: async ({ page }) => {
      await page.getByLabel('E-Mail').fill(SEED_USER.email);
      await page.getByLabel('Passwort', { exact: true }).fill('falsches-passwort');
      await page.getByRole('button', { name: 'Einloggen' }).click();
      await page.getByText('Die E-Mail-Adresse oder das Passwort ist nicht korrekt.').first().waitFor();
    },
  },
  { name: 'register', path: '/register' },
  {
    name: 'register-errors',
    path: '/register',
    prepare: async ({ page }) => {
      await page.getByLabel('Name').fill('Al');
      await page.getByLabel('E-Mail').fill('keine-adresse');
      await page.getByLabel('Passwort', { exact: true }).fill('123');
      await page.getByLabel('Passwort bestätigen').fill('1234');
      await page.getByRole('button', { name: 'Registrieren' }).click();
      await page.getByText('Name muss mindestens 3 Zeichen lang sein').waitFor();
    },
  },
  { name: 'reset', path: '/reset' },
  { name: 'reset-password', path: '/reset-password/beispiel-token-0123456789' },
  {
    name: 'feedback',
    path: `/feedback?${new URLSearchParams({
      status: 'success',
      title: 'Willkommen bei Mika!',
      message: 'Dein Konto ist angelegt. Deine Testphase hat begonnen – viel Spaß mit Deinen Mikas.',
      btnUrl: '/',
      btnText: "Los geht's",
    }).toString()}`,
  },
  {
    name: 'feedback-error',
    path: `/feedback?${new URLSearchParams({
      status: 'error',
      title: 'Link ungültig',
      message: 'Der Bestätigungslink ist ungültig oder abgelaufen.',
    }).toString()}`,
  },
  { name: 'legal-agb', path: '/agb', fullPage: false },
  {
    name: 'office',
    path: '/',
    as: 'user',
    prepare: async ({ page }) => {
      await page.getByTestId('trial-countdown').waitFor();
    },
  },
  {
    // An admin's further actions on a default Mika: "Ausblenden".
    name: 'library-card-menu',
    path: '/',
    as: 'user',
    prepare: async ({ page }) => {
      await page.getByRole('button', { name: 'Weitere Aktionen für Mika Wegweiser' }).click();
      await page.getByRole('menuitem', { name: /Ausblenden/ }).waitFor();
    },
    fullPage: false,
  },
  {
    // The help Mika hidden, the hidden Mikas unfolded; shown again afterwards.
    name: 'library-hidden',
    path: '/',
    as: 'user',
    prepare: async ({ page }) => {
      await page.getByRole('button', { name: 'Weitere Aktionen für Mika Wegweiser' }).click();
      await page.getByRole('menuitem', { name: /Ausblenden/ }).click();
      await page.getByRole('button', { name: 'Ausgeblendete Mikas anzeigen (1)' }).click();
      await page.getByTestId('hidden-assistant').waitFor();
      await page.getByTestId('snackbar').waitFor({ state: 'hidden', timeout: 10_000 }).catch(() => undefined);
      // A full-page capture draws the fixed top bar where the page was scrolled to.
      await page.evaluate(() => window.scrollTo(0, 0));
    },
    cleanup: async ({ page }) => {
      await page.getByRole('button', { name: 'Mika Wegweiser wieder einblenden' }).click();
      await page.getByTestId('hidden-assistants').waitFor({ state: 'detached' });
    },
  },
  {
    // Top bar variant 3 (a booked plan): the user data answer is changed in the browser.
    name: 'office-plan',
    path: '/',
    as: 'user',
    init: async ({ page }) => {
      await page.route('**/api/user/data', async (route) => {
        const response = await route.fetch();
        const body = (await response.json()) as Record<string, unknown>;
        await route.fulfill({ response, json: { ...body, slug: 'team', trailSecondsRemaining: 0 } });
      });
    },
    prepare: async ({ page }) => {
      await page.getByTestId('top-bar-user').waitFor();
    },
  },
  {
    // Top bar variant 1: an operator's live login (the user data names it; changed in the browser).
    name: 'office-live-login',
    path: '/',
    as: 'user',
    init: async ({ page }) => {
      await page.route('**/api/user/data', async (route) => {
        const response = await route.fetch();
        const body = (await response.json()) as Record<string, unknown>;
        const expiresAt = new Date(Date.now() + 60 * 60_000).toISOString();
        await route.fulfill({ response, json: { ...body, liveLogin: { teamName: 'Muster GmbH', expiresAt, operatorName: 'Mika Support' } } });
      });
    },
    prepare: async ({ page }) => {
      await page.getByTestId('live-login-banner').waitFor();
    },
    fullPage: false,
  },
  {
    name: 'office-nav-open',
    path: '/',
    as: 'user',
    widths: [390],
    prepare: async ({ page }) => {
      await page.getByRole('button', { name: 'Navigation öffnen' }).click();
      await page.getByTestId('side-nav').waitFor();
      await page.waitForTimeout(400);
    },
  },
  // Team administration: users, rights, data protection, support.
  {
    name: 'users-list',
    path: '/User',
    as: 'user',
    init: async ({ baseUrl, context }) => seedTeamMembers(context, baseUrl),
    prepare: async ({ page }) => {
      await page.getByRole('link', { name: 'Sophie Krüger bearbeiten' }).waitFor();
    },
  },
  {
    name: 'users-create',
    path: '/User?view=create',
    as: 'user',
    prepare: async ({ page }) => {
      await page.getByLabel('Name', { exact: true }).fill('Jonas Weber');
      await page.getByLabel('E-Mail', { exact: true }).fill('jonas.weber@beispiel.de');
      await page.getByLabel('Passwort', { exact: true }).fill('Sommer2026');
      await page.evaluate(() => {
        (document.activeElement as HTMLElement | null)?.blur();
        window.scrollTo(0, 0);
      });
    },
  },
  {
    name: 'users-edit-profile',
    path: '/User',
    as: 'user',
    prepare: async ({ page }) => {
      await page.getByRole('link', { name: 'Sophie Krüger bearbeiten' }).click();
      await page.getByRole('tab', { name: 'Profil' }).waitFor();
    },
  },
  {
    name: 'users-edit-rights',
    path: '/User',
    as: 'user',
    prepare: async ({ page }) => {
      await page.getByRole('link', { name: 'Sophie Krüger bearbeiten' }).click();
      await page.getByRole('tab', { name: 'Rechte' }).click();
      await page.getByRole('switch', { name: 'Nutzung erlaubt' }).first().waitFor();
    },
  },
  {
    name: 'users-own-profile',
    path: '/',
    as: 'user',
    prepare: async ({ page }) => {
      const profile = page.getByTestId('nav-profile');
      if (!(await profile.isVisible())) await page.getByRole('button', { name: 'Navigation öffnen' }).click();
      await profile.click();
      await page.getByRole('heading', { name: 'Mein Profil' }).waitFor();
    },
  },
  {
    name: 'dataprotection-low',
    path: '/Dataprotection',
    as: 'user',
    prepare: async ({ page }) => {
      await page.getByTestId('protection-level-alert').waitFor();
    },
  },
  {
    name: 'dataprotection-medium',
    path: '/Dataprotection',
    as: 'user',
    prepare: async ({ page }) => {
      await page.getByRole('slider', { name: 'Grad des Datenschutzes' }).focus();
      await page.keyboard.press('ArrowRight');
      await page
        .getByRole('textbox', { name: 'Filter' })
        .fill('Muster GmbH, Erika Mustermann, Projekt Falke, Kundennummer, Beispielstadt');
    },
  },
  {
    name: 'dataprotection-high-error',
    path: '/Dataprotection',
    as: 'user',
    prepare: async ({ page }) => {
      await page.getByRole('slider', { name: 'Grad des Datenschutzes' }).focus();
      await page.keyboard.press('End');
      await page.getByRole('textbox', { name: 'Filter' }).fill('Muster GmbH, Erika Mustermann');
      await page.getByText('mindestens 100 Buchstaben', { exact: false }).waitFor();
    },
  },
  // The DSGVO cards (docs/dataprotection.md): each scrolled to the top of the viewport.
  {
    name: 'dataprotection-retention',
    path: '/Dataprotection',
    as: 'user',
    fullPage: false,
    prepare: async ({ page }) => {
      const card = page.getByRole('region', { name: 'Aufbewahrung' });
      await card.getByTestId('retention-last-run').waitFor();
      await card.evaluate((el) => window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 80));
    },
  },
  {
    name: 'dataprotection-access',
    path: '/Dataprotection',
    as: 'user',
    fullPage: false,
    prepare: async ({ page }) => {
      const card = page.getByRole('region', { name: 'Auskunft und Löschung' });
      if ((await card.getByTestId('export-row').count()) === 0) {
        await card.getByRole('button', { name: 'Alles exportieren' }).click();
        await card.getByRole('link', { name: 'Gesamtes Team herunterladen' }).waitFor({ timeout: 20_000 });
      }
      await card.getByRole('textbox', { name: 'Nummer oder E-Mail' }).fill('kunde@beispiel.de');
      await card.getByRole('button', { name: 'Suchen' }).click();
      await card.getByText('Keine passende Unterhaltung gefunden.').waitFor();
      await card.evaluate((el) => window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 80));
    },
  },
  {
    name: 'dataprotection-record',
    path: '/Dataprotection',
    as: 'user',
    fullPage: false,
    prepare: async ({ page, width }) => {
      const card = page.getByRole('region', { name: 'Verarbeitungsverzeichnis' });
      await card.getByRole('button', { name: 'PDF öffnen' }).or(card.getByRole('link', { name: 'PDF öffnen' })).waitFor();
      await card.evaluate((el) => window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 80));
      if (width === 1440) {
        // The generated record itself, to look at next to the screenshots.
        const pdf = await page.request.get(new URL('/api/dataprotection/record/pdf', page.url()).href);
        await fs.writeFile(path.join(OUT_DIR, 'verarbeitungsverzeichnis.pdf'), await pdf.body());
      }
    },
  },
  {
    name: 'support',
    path: '/Support',
    as: 'user',
    prepare: async ({ page }) => {
      await page.getByRole('heading', { name: 'Service und Support' }).waitFor();
    },
  },
  // Assistants: library, create wizard, training, edit screen.
  {
    name: 'assistants-library',
    path: '/',
    as: 'user',
    init: async ({ baseUrl, context }) => void (await seedAssistants(context, baseUrl)),
    prepare: async ({ page }) => {
      await page.getByRole('main').getByRole('article', { name: 'Kundenberater Kai' }).waitFor();
      await page.waitForTimeout(300);
    },
  },
  {
    // The issue asks for the library at 1100 px too (2 cards per row below 1280 px).
    name: 'assistants-library-at-1100',
    path: '/',
    as: 'user',
    widths: [1440],
    init: async ({ page }) => page.setViewportSize({ width: 1100, height: 900 }),
    prepare: async ({ page }) => {
      await page.getByRole('main').getByRole('article', { name: 'Kundenberater Kai' }).waitFor();
      await page.waitForTimeout(300);
    },
  },
  {
    // Over the plan's limit (answers changed in the browser): every action disabled, the message shown.
    name: 'assistants-library-over-limit',
    path: '/',
    as: 'user',
    init: async ({ page }) => {
      await page.route('**/api/shop', async (route) => {
        const response = await route.fetch();
        const body = (await response.json()) as Record<string, unknown>;
        await route.fulfill({ response, json: { ...body, assistantLimitRegular: 1, assistantAddons: 0 } });
      });
      await page.route('**/api/assistants/', async (route) => {
        const response = await route.fetch();
        const body = (await response.json()) as { assistants: Record<string, unknown>[] };
        const assistants = body.assistants.map((a) => ({ ...a, amount_exceeded: true }));
        await route.fulfill({ response, json: { assistants } });
      });
    },
    prepare: async ({ page }) => {
      await page.getByTestId('over-limit').waitFor();
    },
  },
  {
    name: 'assistants-wizard-1-function',
    path: '/?view=create',
    as: 'user',
    prepare: async ({ page }) => {
      await page.getByRole('radio', { name: /^Chat/ }).click();
    },
  },
  {
    name: 'assistants-wizard-2-name',
    path: '/?view=create',
    as: 'user',
    prepare: async (ctx) => {
      await wizardTo(ctx, 2);
    },
  },
  {
    name: 'assistants-wizard-3-task',
    path: '/?view=create',
    as: 'user',
    prepare: async (ctx) => {
      await wizardTo(ctx, 3);
    },
  },
  {
    name: 'assistants-wizard-3-errors',
    path: '/?view=create',
    as: 'user',
    prepare: async (ctx) => {
      await wizardTo(ctx, 3);
      await ctx.page.getByRole('textbox', { name: 'Aufgabe', exact: true }).fill('Beantworte Fragen zu Fahrrädern.');
      await ctx.page.getByRole('radio', { name: 'sehr höflich und freundlich' }).uncheck().catch(() => undefined);
      await ctx.page.getByRole('button', { name: 'Weiter' }).click();
      await ctx.page.getByText('Die Aufgabe sollte mindestens 250 Buchstaben lang sein').waitFor();
      await ctx.page.evaluate(() => window.scrollTo(0, 0));
    },
  },
  {
    name: 'assistants-wizard-4-summary',
    path: '/?view=create',
    as: 'user',
    prepare: async (ctx) => {
      await wizardTo(ctx, 4);
    },
  },
  {
    // The create call is answered in the browser: the screenshot must not use up a plan slot.
    name: 'assistants-wizard-training',
    path: '/?view=create',
    as: 'user',
    fullPage: false,
    init: async ({ page, baseUrl, context }) => {
      const { chat } = await seedAssistants(context, baseUrl);
      await page.route('**/api/assistant', (route) =>
        route.request().method() === 'POST' ? route.fulfill({ json: { uuid: chat } }) : route.fallback(),
      );
    },
    prepare: async (ctx) => {
      await wizardTo(ctx, 4);
      await ctx.page.getByRole('button', { name: 'Training starten' }).click();
      await ctx.page.getByRole('dialog').waitFor();
      await ctx.page.waitForTimeout(1500);
    },
  },
  {
    name: 'assistants-edit-properties',
    path: '/',
    as: 'user',
    prepare: async ({ page }) => {
      await page.getByRole('main').getByRole('button', { name: 'Kundenberater Kai bearbeiten' }).click();
      await page.getByRole('form', { name: 'Eigenschaften' }).waitFor();
      await page.getByTestId('filter-card').getByRole('switch').waitFor();
    },
  },
  {
    name: 'assistants-edit-publishing',
    path: '/',
    as: 'user',
    prepare: async ({ page }) => {
      await page.getByRole('main').getByRole('button', { name: 'Kundenberater Kai bearbeiten' }).click();
      await page.getByRole('tab', { name: 'Veröffentlichung' }).click();
      // Published: the live preview; not yet: the "Noch nicht veröffentlicht" state.
      await page.getByTitle('Vorschau des öffentlichen Chats').or(page.getByTestId('preview-unpublished')).waitFor();
      await page.waitForTimeout(1500);
    },
  },
  {
    name: 'assistants-edit-image',
    path: '/',
    as: 'user',
    prepare: async ({ page }) => {
      await page.getByRole('main').getByRole('button', { name: 'Malerin Mia bearbeiten' }).click();
      await page.getByRole('tab', { name: 'Stilrichtungen' }).waitFor();
    },
  },
  {
    // The Wissen tab with a file in every state: the list answer is set in the browser, because
    // real ingestion passes the stages within a second.
    name: 'assistants-edit-knowledge',
    path: '/',
    as: 'user',
    init: async ({ page, baseUrl, context }) => {
      await seedAssistants(context, baseUrl);
      await page.route('**/api/knowledge/*', (route) =>
        route.request().method() === 'GET' ? route.fulfill({ json: KNOWLEDGE_STATES }) : route.fallback(),
      );
    },
    prepare: async ({ page }) => {
      await page.getByRole('main').getByRole('button', { name: 'Kundenberater Kai bearbeiten' }).click();
      await page.getByRole('tab', { name: 'Wissen' }).click();
      await page.getByTestId('knowledge-list').waitFor();
    },
    cleanup: async ({ page }) => {
      await page.unrouteAll({ behavior: 'ignoreErrors' });
    },
  },
  // Chat: the office conversation with the offline engine (features/chat).
  {
    // The pending indicator: the stream request is held back in the browser.
    name: 'chat-thinking',
    path: '/',
    as: 'user',
    init: async ({ page }) => {
      await page.route('**/api/send/stream**', (route) => void heldStreams.push(route));
    },
    prepare: async ({ page }) => {
      await openChat(page, 'Mika Allrounder');
      await page.getByRole('textbox', { name: 'Nachricht' }).fill('Kannst Du mir helfen, E-Mails zu formulieren?');
      await page.keyboard.press('Enter');
      await page.getByTestId('pending-answer').waitFor();
    },
    cleanup: async ({ page }) => {
      for (const route of heldStreams.splice(0)) await route.abort().catch(() => undefined);
      await page.unrouteAll({ behavior: 'ignoreErrors' });
    },
  },
  {
    name: 'chat-conversation',
    path: '/',
    as: 'user',
    // A fresh conversation (the thread of the step before is in local storage).
    init: async ({ page }) => {
      await page.addInitScript(() => localStorage.removeItem('mika-chat-threads'));
    },
    prepare: async ({ page }) => {
      await openChat(page, 'Mika Allrounder');
      await page.getByRole('textbox', { name: 'Nachricht' }).fill('Kannst Du mir helfen, E-Mails zu formulieren?');
      await page.keyboard.press('Enter');
      await page.getByTestId('streaming-answer').waitFor();
      await page.locator('[data-testid="chat-message"][data-origin="ai"] blockquote').first().waitFor();
      await page.getByRole('textbox', { name: 'Nachricht' }).fill('Und wie fasse ich ein Protokoll zusammen?');
      await page.waitForTimeout(400);
    },
  },
  // Public chat, embed and tools (issue 5)
  {
    name: 'public-chat-terms',
    path: '/',
    as: 'user',
    prepare: async (ctx) => {
      await ctx.page.goto(`${ctx.baseUrl}/chat/${await publishDemo(ctx, {})}`, { waitUntil: 'networkidle' });
    },
  },
  {
    name: 'public-chat-dark',
    path: '/',
    as: 'user',
    prepare: async (ctx) => openPublicConversation(ctx, {}),
  },
  {
    // "kann sprechen" on: the spoken answer is an audio message (type mp3) with its player.
    name: 'public-chat-spoken',
    path: '/',
    as: 'user',
    prepare: async (ctx) => {
      await openPublicConversation(ctx, {});
      await ctx.page.getByRole('switch', { name: 'kann sprechen' }).check();
      const input = ctx.page.getByRole('textbox', { name: 'Nachricht' });
      await input.fill('Habt Ihr samstags geöffnet?');
      await input.press('Enter');
      await ctx.page.getByTestId('chat-message').last().getByLabel('Sprachnachricht').waitFor({ timeout: 20_000 });
      await ctx.page.waitForTimeout(800);
    },
  },
  {
    name: 'public-chat-light',
    path: '/',
    as: 'user',
    prepare: async (ctx) =>
      openPublicConversation(ctx, {
        primary_background_color: '#F4F1EA',
        secondary_background_color: '#FFFFFF',
        tertiary_background_color: '#E9E4D8',
        button_color: '#2E7D32',
      }),
  },
  {
    name: 'public-embed-closed',
    path: '/',
    as: 'user',
    fullPage: false,
    prepare: async (ctx) => embedOnHostPage(ctx, false),
  },
  {
    name: 'public-embed-open',
    path: '/',
    as: 'user',
    fullPage: false,
    prepare: async (ctx) => embedOnHostPage(ctx, true),
  },
  {
    name: 'assistants-edit-tools',
    path: '/',
    as: 'user',
    prepare: async (ctx) => {
      const uuid = await publishDemo(ctx, {});
      await ctx.page.goto(`${ctx.baseUrl}/?view=edit&assistant=${uuid}`, { waitUntil: 'networkidle' });
      await ctx.page.getByRole('tab', { name: 'Tools' }).click();
      await ctx.page.waitForTimeout(400);
    },
  },
  {
    // Insight (operator): the team list with a soft-deleted team.
    name: 'insight-list',
    path: '/Insight',
    as: 'operator',
    prepare: async ({ page }) => {
      await page.getByTestId('insight-row').filter({ hasText: SEED_USER.name }).waitFor();
      await page.getByTestId('insight-row').and(page.locator('[data-deleted="true"]')).first().waitFor();
    },
  },
  {
    name: 'insight-promotions',
    path: '/Insight?tab=Gutscheine',
    as: 'operator',
    prepare: async ({ page }) => {
      await page.getByTestId('promotion-code').first().waitFor();
    },
  },
  {
    // A team's action view, full page: the seven cards, its MCP servers and the audit log.
    name: 'insight-team',
    path: '/Insight',
    as: 'operator',
    prepare: openLenasTeam,
  },
  {
    // The team's Postausgang with its newest mail opened (link tokens redacted by the server).
    name: 'insight-outbox',
    path: '/Insight',
    as: 'operator',
    prepare: async (ctx) => {
      await openLenasTeam(ctx);
      const outbox = ctx.page.getByRole('region', { name: 'Postausgang', exact: true });
      await outbox.locator('summary').first().click();
      await outbox.locator('pre').first().waitFor();
      await outbox.scrollIntoViewIfNeeded();
    },
    fullPage: false,
  },
  {
    name: 'insight-delete-dialog',
    path: '/Insight',
    as: 'operator',
    prepare: async (ctx) => {
      await openLenasTeam(ctx);
      await ctx.page.getByRole('region', { name: 'Team löschen' }).getByRole('button', { name: 'Löschen' }).click();
      await ctx.page.getByRole('dialog', { name: 'Löschen' }).waitFor();
    },
    fullPage: false,
  },
  {
    // The team's view of support's live logins (one ended, seeded by the operator).
    name: 'dataprotection-support-access',
    path: '/Dataprotection',
    as: 'user',
    prepare: async ({ page }) => {
      await page.getByTestId('support-access-row').first().waitFor();
    },
  },
];

/** Team members for the user screens (idempotent): Sophie, invited, may use Mika Allrounder. */
async function seedTeamMembers(context: BrowserContext, baseUrl: string): Promise<void> {
  await context.request.get(`${baseUrl}/sanctum/csrf-cookie`);
  const xsrf = (await context.cookies(baseUrl)).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const headers = { 'X-XSRF-TOKEN': decodeURIComponent(xsrf), 'X-Requested-With': 'XMLHttpRequest' };
  const list = (await (await context.request.get(`${baseUrl}/api/users`, { headers })).json()) as {
    users: { uuid: string; email: string }[];
  };
  let uuid = list.users.find((u) => u.email === 'sophie.krueger@beispiel.de')?.uuid;
  if (!uuid) {
    const data = { name: 'Sophie Krüger', email: 'sophie.krueger@beispiel.de', is_admin: false, invitation: true };
    const created = await context.request.post(`${baseUrl}/api/user`, { data, headers });
    if (!created.ok()) throw new Error(`Seeding a team member failed: ${await created.text()}`);
    uuid = ((await created.json()) as { uuid: string }).uuid;
  }
  const detail = (await (await context.request.get(`${baseUrl}/api/user/${uuid}`, { headers })).json()) as {
    assistants: { id: number; name: string }[];
  };
  const allrounder = detail.assistants.find((a) => a.name === 'Mika Allrounder');
  if (allrounder) {
    await context.request.post(`${baseUrl}/api/user/${uuid}/permissions`, {
      data: { assistant_id: allrounder.id, permission_type: 'can_use', value: true },
      headers,
    });
  }
}

const DEMO_ROLE = 'Du bist Kai, der freundliche Kundenberater unseres Fahrradladens in Leipzig.';
const DEMO_TASK =
  'Beantworte Fragen zu unseren Fahrrädern, E-Bikes und Werkstattterminen. Nenne Preise nur, wenn sie in Deinem Wissen ' +
  'stehen, und verweise bei Reparaturen auf die Werkstatt. Antworte kurz, freundlich und in einfacher Sprache. Wenn Du ' +
  'etwas nicht weißt, sage es ehrlich und biete an, dass sich ein Mitarbeiter meldet.';

/** Own assistants for the library and edit screens (idempotent): a chat and an image Mika. */
async function seedAssistants(context: BrowserContext, baseUrl: string): Promise<{ chat: string }> {
  await context.request.get(`${baseUrl}/sanctum/csrf-cookie`);
  const xsrf = (await context.cookies(baseUrl)).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const headers = { 'X-XSRF-TOKEN': decodeURIComponent(xsrf), 'X-Requested-With': 'XMLHttpRequest' };
  const list = (await (await context.request.get(`${baseUrl}/api/assistants/`, { headers })).json()) as {
    assistants: { uuid: string; name: string }[];
  };
  const wanted = [
    { type: 'chat', name: 'Kundenberater Kai', role: DEMO_ROLE, task: DEMO_TASK, style: 'sehr höflich und freundlich' },
    { type: 'image', name: 'Malerin Mia', role: '', task: '', style: '' },
  ];
  const uuids: Record<string, string> = {};
  for (const a of wanted) {
    const existing = list.assistants.find((x) => x.name === a.name);
    if (existing) {
      uuids[a.name] = existing.uuid;
      continue;
    }
    const created = await context.request.post(`${baseUrl}/api/assistant`, {
      data: { ...a, is_public: 0, can_talk: 1 },
      headers,
    });
    if (!created.ok()) throw new Error(`Seeding an assistant failed: ${await created.text()}`);
    uuids[a.name] = ((await created.json()) as { uuid: string }).uuid;
  }
  return { chat: uuids['Kundenberater Kai'] ?? '' };
}

/** Publishes the demo chat assistant with the given colours (reset to the dark defaults otherwise). */
async function publishDemo({ baseUrl, context }: ScreenContext, colors: Record<string, string>): Promise<string> {
  const { chat } = await seedAssistants(context, baseUrl);
  const xsrf = (await context.cookies(baseUrl)).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const defaults = {
    primary_background_color: '#32363C',
    secondary_background_color: '#282D33',
    tertiary_background_color: '#282D33',
    button_color: '#32363C',
  };
  const res = await context.request.put(`${baseUrl}/api/assistant`, {
    data: { assistant: { uuid: chat, is_public: 1, ...defaults, ...colors } },
    headers: { 'X-XSRF-TOKEN': decodeURIComponent(xsrf) },
  });
  if (!res.ok()) throw new Error(`Publishing failed: ${await res.text()}`);
  return chat;
}

/** The public chat after the terms were accepted, with one question answered. */
async function openPublicConversation(ctx: ScreenContext, colors: Record<string, string>): Promise<void> {
  const uuid = await publishDemo(ctx, colors);
  await ctx.page.goto(`${ctx.baseUrl}/chat/${uuid}`, { waitUntil: 'networkidle' });
  const agree = ctx.page.getByRole('button', { name: 'Ich bin einverstanden' });
  const input = ctx.page.getByRole('textbox', { name: 'Nachricht' });
  // The terms dialog is modal (the input behind it is inert): accept it first when it shows.
  await agree.or(input).first().waitFor();
  if (await agree.isVisible()) {
    await agree.click();
    // Accepting is the first interaction: the chat then starts its thread before it takes a question.
    await ctx.page.waitForLoadState('networkidle');
  }
  await input.fill('Wie lange dauert eine Reparatur?');
  // The chat takes a question once its conversation is loaded (the send button tells).
  await ctx.page.getByRole('button', { name: 'Senden' }).and(ctx.page.locator(':enabled')).waitFor();
  await input.press('Enter');
  await ctx.page.getByTestId('chat-message').nth(1).waitFor();
  await ctx.page.waitForTimeout(1500);
}

/** A customer's website with the embed snippet; optionally the bubble clicked open. */
async function embedOnHostPage(ctx: ScreenContext, open: boolean): Promise<void> {
  const uuid = await publishDemo(ctx, { button_color: '#1565C0' });
  await ctx.page.setContent(
    `<!doctype html><html lang="de"><body style="margin:0;font-family:Georgia,serif;background:#f6f3ee;color:#222">` +
      `<header style="padding:28px 40px;background:#1d3b2a;color:#fff;font-size:26px">Fahrradladen Leipzig</header>` +
      `<main style="padding:40px;max-width:720px;line-height:1.6"><h1>Willkommen!</h1><p>Räder, Reparaturen und Beratung seit 1998.</p></main>` +
      `<script src="${ctx.baseUrl}/embed.js" data-mika="${uuid}" data-color="#1565C0" async></script></body></html>`,
    { waitUntil: 'networkidle' },
  );
  if (open) {
    await ctx.page.getByRole('button', { name: 'Chat öffnen' }).click();
    const frame = ctx.page.frameLocator('iframe[title="Mika Chat"]');
    await frame.getByRole('textbox', { name: 'Nachricht' }).waitFor();
    await ctx.page.waitForTimeout(800);
  }
}

/** Walks the create wizard with demo values up to the given step (1–4). */
async function wizardTo({ page }: ScreenContext, step: number): Promise<void> {
  const next = () => page.getByRole('button', { name: 'Weiter' }).click();
  await page.getByRole('radio', { name: /^Chat/ }).click();
  if (step < 2) return;
  await next();
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Radlerin Rosa');
  await page.getByRole('textbox', { name: 'Rolle', exact: true }).fill(DEMO_ROLE.replace('Kai, der freundliche', 'Rosa, die freundliche'));
  if (step < 3) return;
  await next();
  await page.getByRole('textbox', { name: 'Aufgabe', exact: true }).fill(DEMO_TASK);
  await page.getByRole('radio', { name: 'sehr höflich und freundlich' }).check();
  await page.getByRole('radio', { name: 'Kann sprechen' }).check();
  if (step < 4) return;
  await next();
  await page.getByRole('heading', { name: 'Bereit zum Training' }).waitFor();
  await page.evaluate(() => window.scrollTo(0, 0));
}

/** Chat stream requests held back by the chat-thinking step (aborted in its cleanup). */
const heldStreams: { abort: () => Promise<void> }[] = [];

/** Opens an assistant's chat from the library, as a person would. */
async function openChat(page: Page, name: string): Promise<void> {
  await page.getByRole('main').getByRole('article', { name }).getByRole('button', { name: `Mit ${name} sprechen` }).click();
  await page.getByRole('status', { name: 'Live-Verbindung: verbunden' }).waitFor();
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function waitForServer(baseUrl: string, child: ChildProcess, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`Server ended early (exit code ${child.exitCode}).`);
    try {
      const response = await fetch(`${baseUrl}/sanctum/csrf-cookie`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`Server did not answer within ${timeoutMs / 1000} s.`);
}

/** The API's CSRF headers for a context (the cookie echoed like the real client does). */
async function csrfHeaders(context: BrowserContext, baseUrl: string): Promise<Record<string, string>> {
  await context.request.get(`${baseUrl}/sanctum/csrf-cookie`);
  const xsrf = (await context.cookies(baseUrl)).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  return { 'X-XSRF-TOKEN': decodeURIComponent(xsrf), 'X-Requested-With': 'XMLHttpRequest' };
}

/**
 * The operator's context and what the Insight screens show (idempotent): a few more teams, one of
 * them soft-deleted, a promotion code, and one ended live login into Lena's team with a reason.
 */
async function seedOperator(browser: Browser, context: BrowserContext, baseUrl: string): Promise<void> {
  const login = await context.request.post(`${baseUrl}/api/login`, { data: OPERATOR, headers: await csrfHeaders(context, baseUrl) });
  if (!login.ok()) throw new Error(`Operator login failed: ${login.status()} ${await login.text()}`);
  const headersFirst = await csrfHeaders(context, baseUrl);
  for (const team of LIST_TEAMS) {
    // Once per run: a deleted team's address is free again, so registering twice would add a second team.
    const known = await context.request.get(`${baseUrl}/api/insight?search=${encodeURIComponent(team.name)}`, { headers: headersFirst });
    if (((await known.json()) as { total: number }).total > 0) continue;
    const other = await browser.newContext();
    const data = { ...team, password: 'sicheres-passwort', password_confirmation: 'sicheres-passwort', terms: true };
    const created = await other.request.post(`${baseUrl}/api/register`, { data, headers: await csrfHeaders(other, baseUrl) });
    if (!created.ok() && created.status() !== 422) throw new Error(`Seeding a team failed: ${await created.text()}`);
    await other.close();
  }
  const headers = await csrfHeaders(context, baseUrl);
  const list = async (search: string) =>
    ((await (await context.request.get(`${baseUrl}/api/insight?search=${encodeURIComponent(search)}`, { headers })).json()) as {
      data: { uuid: string; deleted_at: string | null }[];
    }).data;
  const doomed = (await list(LIST_TEAMS[2]!.name))[0];
  if (doomed && !doomed.deleted_at) {
    await context.request.delete(`${baseUrl}/api/insight/team`, { data: { teamUuid: doomed.uuid, deleteStripeCustomer: 0, softDelete: 1 }, headers });
  }
  const codes = (await (await context.request.get(`${baseUrl}/api/insight/promotioncodes`, { headers })).json()) as { code: string }[];
  if (!codes.some((c) => c.code === 'FRUEHLING20')) {
    await context.request.post(`${baseUrl}/api/insight/promotioncodes`, {
      data: { code: 'FRUEHLING20', percent_off: 20, amount_off_cents: null, valid_until: '2027-05-31', duration_months: 3 },
      headers,
    });
    await context.request.post(`${baseUrl}/api/insight/promotioncodes`, {
      data: { code: 'PARTNER50', percent_off: null, amount_off_cents: 5000, valid_until: null, duration_months: null },
      headers,
    });
  }
  // One live login into Lena's team, in a context of its own (it changes that session), ended again.
  const lena = (await list(SEED_USER.email))[0];
  if (lena) {
    const live = await browser.newContext();
    const liveLogin = await live.request.post(`${baseUrl}/api/login`, { data: OPERATOR, headers: await csrfHeaders(live, baseUrl) });
    if (liveLogin.ok()) {
      const started = await live.request.post(`${baseUrl}/api/insight/livelogin`, {
        data: { teamUuid: lena.uuid, reason: 'Rückfrage zur Rechnung, Ticket 4711' },
        headers: await csrfHeaders(live, baseUrl),
      });
      if (started.ok()) await live.request.post(`${baseUrl}/api/livelogin/end`, { headers: await csrfHeaders(live, baseUrl) });
    }
    await live.close();
    // A mail for the team's Postausgang: Lena asked for a new password (the link's key is redacted).
    const visitor = await browser.newContext();
    await visitor.request.post(`${baseUrl}/api/reset`, { data: { email: SEED_USER.email }, headers: await csrfHeaders(visitor, baseUrl) });
    await visitor.close();
  }
}

/** Registers the seed user in this context; the server logs it in at once (no SMTP). */
async function registerUser(context: BrowserContext, baseUrl: string): Promise<void> {
  await context.request.get(`${baseUrl}/sanctum/csrf-cookie`);
  const cookies = await context.cookies(baseUrl);
  const xsrf = cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const headers = { 'X-XSRF-TOKEN': decodeURIComponent(xsrf), 'X-Requested-With': 'XMLHttpRequest' };
  const data = { ...SEED_USER, password_confirmation: SEED_USER.password, terms: true };
  let response = await context.request.post(`${baseUrl}/api/register`, { data, headers });
  if (response.status() === 422)
    response = await context.request.post(`${baseUrl}/api/login`, { data, headers });
  if (!response.ok())
    throw new Error(`Seeding the user failed: ${response.status()} ${await response.text()}`);
}

async function main() {
  const clientIndex = path.join(ROOT, 'dist', 'client', 'index.html');
  await fs.access(clientIndex).catch(() => {
    throw new Error('No built client in dist/client: run `npx vite build` first (npm run screenshots does).');
  });
  await fs.mkdir(OUT_DIR, { recursive: true });

  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'mika-screenshots-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const serverLog: string[] = [];
  const server = spawn(process.execPath, ['src/server/server.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      ENV_FILE: '', // a developer's .env must not change what is measured or shown
      APP_URL: baseUrl,
      LOG_LEVEL: 'warn',
      SUPERADMIN_EMAIL: OPERATOR.email,
      SUPERADMIN_PASSWORD: OPERATOR.password,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.on('data', (chunk: Buffer) => serverLog.push(chunk.toString()));
  server.stderr?.on('data', (chunk: Buffer) => serverLog.push(chunk.toString()));
  const killServer = () => {
    if (server.exitCode === null && server.signalCode === null) server.kill('SIGTERM');
  };
  process.on('exit', killServer);
  /** SIGTERM, then SIGKILL if the server has not ended after 10 s. */
  const stopServer = async () => {
    if (server.exitCode !== null || server.signalCode !== null) return;
    const ended = new Promise<void>((resolve) => server.once('exit', () => resolve()));
    server.kill('SIGTERM');
    const timer = setTimeout(() => server.kill('SIGKILL'), 10_000);
    await ended;
    clearTimeout(timer);
  };

  let browser: Browser | undefined;
  try {
    await waitForServer(baseUrl, server);
    browser = await chromium.launch(chromiumLaunchOptions);

    let written = 0;
    for (const size of WIDTHS) {
      const anonymous = await browser.newContext({ viewport: size, locale: 'de-DE', deviceScaleFactor: 1 });
      const user = await browser.newContext({ viewport: size, locale: 'de-DE', deviceScaleFactor: 1 });
      await registerUser(user, baseUrl);
      const operator = await browser.newContext({ viewport: size, locale: 'de-DE', deviceScaleFactor: 1 });
      await seedOperator(browser, operator, baseUrl);

      // SCREENS=name,name limits a run to some screens (while working on them).
      const only = process.env.SCREENS?.split(',').filter(Boolean);
      for (const step of STEPS) {
        if (step.widths && !step.widths.includes(size.width)) continue;
        if (only && !only.includes(step.name)) continue;
        const context = step.as === 'user' ? user : step.as === 'operator' ? operator : anonymous;
        const page = await context.newPage();
        const errors: string[] = [];
        page.on('pageerror', (err) => errors.push(err.message));
        await step.init?.({ baseUrl, page, context, width: size.width });
        await page.goto(`${baseUrl}${step.path}`, { waitUntil: 'networkidle' });
        await step.prepare?.({ baseUrl, page, context, width: size.width });
        // Let transitions and fonts settle.
        await page.waitForTimeout(300);
        const file = path.join(OUT_DIR, `${step.name}-${size.width}.png`);
        await page.screenshot({ path: file, fullPage: step.fullPage ?? true });
        await step.cleanup?.({ baseUrl, page, context, width: size.width });
        if (errors.length > 0)
          console.warn(`  ${step.name}@${size.width}: page errors: ${errors.join(' | ')}`);
        console.log(`✓ ${path.relative(ROOT, file)}`);
        written += 1;
        await page.close();
      }
      await anonymous.close();
      await user.close();
      await operator.close();
    }
    console.log(`${written} Screenshots in ${path.relative(ROOT, OUT_DIR)}/`);
  } catch (error) {
    console.error(serverLog.join('').slice(-4000));
    throw error;
  } finally {
    await browser?.close().catch(() => undefined);
    await stopServer();
    await fs.rm(dataDir, { recursive: true, force: true }).catch(() => undefined);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
