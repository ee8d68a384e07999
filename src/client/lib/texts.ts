import { LIMITS } from '../../shared/constants.ts';
import { teamPhrase } from '../../shared/team-name.ts';
import { PASSWORD_SPECIALS, USER_PASSWORD_MIN } from '../../shared/password-rules.ts';

// German texts only the client shows. Texts both sides show live in src/shared/messages.ts.
export const COMMON_TEXTS = {
  copyFailed: 'Ups, das klappt nicht mit Deinem Browser',
  // Form labels and buttons
  labelName: 'Name',
  labelEmail: 'E-Mail',
  labelPassword: 'Passwort',
  labelPasswordConfirmation: 'Passwort bestätigen',
  termsPrefix: 'Ich akzeptiere die ',
  termsAgb: 'AGB',
  termsAnd: ' und die ',
  termsPrivacy: 'Datenschutzerklärung',
  showPassword: 'Passwort anzeigen',
  hidePassword: 'Passwort verbergen',
  close: 'Schließen',
  cancel: 'Abbrechen',
  navProfilePrefix: 'Mein Profil:',
  skipToContent: 'Zum Inhalt springen',

  // Login
  loginTitle: 'Willkommen zurück',
  loginSubtitle: 'Melde Dich an, um mit Deinen Mikas weiterzuarbeiten.',
  loginButton: 'Einloggen',
  loginSuccess: 'Erfolgreich eingeloggt – einen Moment …',
  toRegister: 'Registrieren',
  noAccount: 'Noch kein Konto?',
  forgotPassword: 'Passwort vergessen',

  // Registration
  registerTitle: 'Konto erstellen',
  registerSubtitle: 'Starte kostenlos mit Deiner Testphase – ohne Zahlungsdaten.',
  registerButton: 'Registrieren',
  haveAccount: 'Schon ein Konto?',
  toLogin: 'Zum Login',

  // Reset request
  resetTitle: 'Passwort vergessen?',
  resetSubtitle:
    'Gib Deine E-Mail-Adresse ein. Wir schicken Dir einen Link, mit dem Du ein neues Passwort vergibst.',
  resetButton: 'Link senden',
  backToLogin: 'Zurück zum Login',

  // New password
  newPasswordTitle: 'Neues Passwort',
  newPasswordSubtitle: `Wähle ein neues Passwort mit mindestens ${LIMITS.passwordMin} Zeichen.`,
  newPasswordButton: 'Speichern',
  // The same page at the end of an invitation: the team's stricter password rules are named up front.
  inviteTitle: (team: string) => `Willkommen im ${teamPhrase(team)}`,
  inviteSubtitle: (name: string) =>
    `Hallo ${name}, wähle Dein Passwort für Mika: mindestens ${USER_PASSWORD_MIN} Zeichen mit Groß- und Kleinbuchstaben, einer Zahl und einem Sonderzeichen (${PASSWORD_SPECIALS}).`,
  linkRefusedTitle: 'Link ungültig',
  requestNewLink: 'Neuen Link anfordern',

  // Feedback
  feedbackFallbackTitle: 'Hinweis',

  // Logout
  loggingOut: 'Du wirst abgemeldet …',

  // Legal
  legalLoading: 'Wird geladen …',
  legalTitles: {
    avv: 'Auftragsverarbeitungsvertrag',
    agb: 'Allgemeine Geschäftsbedingungen',
    'agb-public': 'Nutzungsbedingungen öffentlicher Chat',
    sla: 'Service Level Agreement',
    datenschutz: 'Datenschutzerklärung',
  },
  legalNotFound: 'Dieser Rechtstext ist nicht verfügbar.',
  legalTemplateTitle: 'Mustertext',
  legalTemplate:
    'Dieser Text ist die mitgelieferte Vorlage, kein gültiger Rechtstext. Der Betreiber ersetzt ihn durch eigene Texte (LEGAL_DIR); im Produktivbetrieb startet Mika erst danach.',

  // Footer
  footerAgb: 'AGB',
  footerPrivacy: 'Datenschutz',
  footerAvv: 'AVV',
  footerSla: 'SLA',

  // Office shell
  navLibrary: 'Mikas',
  navLogout: 'Logout',
  navMenu: 'Navigation öffnen',
  navLabel: 'Hauptnavigation',
  liveLoginBanner: (teamName: string) => `Du bist als ${teamPhrase(teamName)} eingeloggt`,
  liveLoginUntil: (time: string) => `bis ${time}`,
  liveLoginEnd: 'Live-Login beenden',
  liveLoginEndShort: 'Beenden',
  trialLabel: 'Testphase:',
  trialExpired: 'Deine Testphase ist abgelaufen.',
  trialChoosePlan: 'Tarif wählen',
  officeLoadError: 'Deine Daten konnten nicht geladen werden.',
  retry: 'Erneut versuchen',

  // Generic
  loading: 'Wird geladen …',
  reload: 'Neu laden',
  crashTitle: 'Da ist etwas schiefgelaufen',
  crashText: 'Die Seite konnte nicht angezeigt werden. Bitte lade sie neu.',
} as const;

/** "13 Tage 23 Std. 59 Min. 58 Sek." — days, hours, minutes and seconds of a duration. */
export function formatCountdown(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  const days = Math.floor(s / 86_400);
  const hours = Math.floor((s % 86_400) / 3_600);
  const minutes = Math.floor((s % 3_600) / 60);
  const seconds = s % 60;
  return `${days} ${days === 1 ? 'Tag' : 'Tage'} ${hours} Std. ${minutes} Min. ${seconds} Sek.`;
}
