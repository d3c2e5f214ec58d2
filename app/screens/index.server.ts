/**
 * Every split screen, statically imported, for the server render (lib/split-screen.tsx), and
 * the screens' schemas for the route actions. A `.server` module is an empty module in the
 * browser build, so there these are undefined and each route loads its screen as a chunk of
 * its own (with its zod schema and remix-validated-form), not as part of the route chunk.
 */
import BetweenAccountsScreen, * as betweenAccounts from "./BetweenAccountsScreen";
import EuroScreen, * as euro from "./EuroScreen";
import InternalScreen, * as internal from "./InternalScreen";
import LoginScreen, { codeValidator, passwordValidator, phoneValidator } from "./LoginScreen";
import SignScreen, { codeValidator as signCodeValidator } from "./SignScreen";

export const screens = { BetweenAccountsScreen, EuroScreen, InternalScreen, LoginScreen, SignScreen };

export const loginValidators = { codeValidator, passwordValidator, phoneValidator };
export const euroForm = { validator: euro.validator, FIELDS: euro.FIELDS };
export const internalForm = { validator: internal.validator, FIELDS: internal.FIELDS };
export const betweenAccountsForm = { validator: betweenAccounts.validator, FIELDS: betweenAccounts.FIELDS };
export const signForm = { codeValidator: signCodeValidator };
