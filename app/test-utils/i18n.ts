/**
 * i18next for component tests: the real English locale files, loaded synchronously, so tests
 * see the texts users see. Import once at the top of a .test.tsx file.
 */
import i18next from "i18next";
import { initReactI18next } from "react-i18next";
import auth from "../../public/locales/en/auth.json";
import cards from "../../public/locales/en/cards.json";
import chat from "../../public/locales/en/chat.json";
import common from "../../public/locales/en/common.json";
import errors from "../../public/locales/en/errors.json";
import exchange from "../../public/locales/en/exchange.json";
import history from "../../public/locales/en/history.json";
import identity from "../../public/locales/en/identity.json";
import ops from "../../public/locales/en/ops.json";
import payments from "../../public/locales/en/payments.json";

void i18next.use(initReactI18next).init({
  lng: "en",
  fallbackLng: "en",
  defaultNS: "common",
  ns: ["common", "errors", "auth", "payments", "history", "identity", "cards", "chat", "exchange", "ops"],
  resources: { en: { common, errors, auth, payments, history, identity, cards, chat, exchange, ops } },
  interpolation: { escapeValue: false },
  initImmediate: false,
});

export default i18next;
