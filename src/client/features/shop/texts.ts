import { COMMERCE_MESSAGES } from '../../../shared/messages.ts';

// German texts of the shop (docs/product/shop.md).
export const SHOP_TEXTS = {
  title: 'Shop für User und Mikas',
  subtitle: 'Buche zusätzliche Mikas und User zu Deinem Tarif dazu oder kündige sie wieder. Alle Preise zzgl. MwSt.',
  errorTitle: 'Ups, der Shop kann noch nicht verwendet werden',
  toOffer: 'Zu den Tarifen',
  loadFailed: 'Der Shop konnte nicht geladen werden.',
  loading: 'Shop wird geladen …',
  mikaTitle: 'Zusätzliche Mikas',
  userTitle: 'Zusätzliche User',
  mikaPrice: '179,00 € pro Monat je Mika',
  userPrice: '59,00 € pro Monat je User',
  mikaBonus: '+15 Credits pro Monat je Mika',
  userBonus: 'Für weitere Kolleginnen und Kollegen im Team',
  included: 'Im Tarif enthalten',
  extras: 'Zusätzlich gebucht',
  total: 'Insgesamt',
  quantity: 'Anzahl',
  quantityOf: (product: 'mika' | 'user') => (product === 'mika' ? 'Anzahl zusätzlicher Mikas' : 'Anzahl zusätzlicher User'),
  add: 'Hinzufügen',
  addLabel: (n: number, product: 'mika' | 'user') => `${n} ${product === 'mika' ? (n === 1 ? 'Mika' : 'Mikas') : 'User'} hinzufügen`,
  cancel: 'Kündigen',
  cancelLabel: (n: number, product: 'mika' | 'user') => `${n} ${product === 'mika' ? (n === 1 ? 'Mika' : 'Mikas') : 'User'} kündigen`,
  confirmAddTitle: 'Extras hinzufügen?',
  confirmCancelTitle: 'Extras kündigen?',
  confirmAdd: (n: number, product: 'mika' | 'user', price: string) =>
    `Möchtest Du ${n} ${product === 'mika' ? (n === 1 ? 'zusätzlichen Mika' : 'zusätzliche Mikas') : n === 1 ? 'zusätzlichen User' : 'zusätzliche User'} für insgesamt ${price} pro Monat zzgl. MwSt. buchen?`,
  confirmCancel: (n: number, product: 'mika' | 'user') =>
    `Möchtest Du ${n} ${product === 'mika' ? (n === 1 ? 'zusätzlichen Mika' : 'zusätzliche Mikas') : n === 1 ? 'zusätzlichen User' : 'zusätzliche User'} kündigen?`,
  cancelled: (qty: number, until: string) => `${qty} gekündigt – läuft bis ${until}`,
  no: 'Nein',
  yes: 'Ja, bitte',
  cancelTooManyMikas: COMMERCE_MESSAGES.shopCancelTooManyMikas,
  cancelTooManyUsers: COMMERCE_MESSAGES.shopCancelTooManyUsers,
  quantityInvalid: COMMERCE_MESSAGES.shopQuantity,
} as const;
