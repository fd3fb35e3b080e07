export {
  addAccountPayloadSchema,
  addAccountSchema,
  cityFieldSchema,
  createAddAccountPayloadSchema,
  createAddAccountSchema,
  GENDER_LABELS,
  GENDERS,
  type AddAccountFormValues,
  type AddAccountPayload,
  type AddAccountSchemaOptions,
  type Gender,
} from './lib/add-account';
export { addressPlaceName, type AddressData, type AddressSuggestion } from './lib/address';
export {
  ADDRESS_SEARCH_COUNTRIES,
  CITY_MAX_LENGTH,
  DATE_YEAR_MAX,
  DATE_YEAR_MIN,
  EMAIL_MAX_LENGTH,
  FULL_NAME_MAX_LENGTH,
  NAME_MAX_LENGTH,
  NAME_MIN_LENGTH,
  ORGANIZATION_NAME_MAX_LENGTH,
  VALIDATION_DEBOUNCE_MS,
  type AddressSearchCountry,
} from './lib/constants';
export { DEFAULT_FIELD_NAME, validationMessages } from './lib/messages';
export { formatNumber, NUMBER_MASK_SETTINGS } from './lib/number-format';
export { formatMoney, parseNumber } from './lib/number-mask';
export {
  LETTERS_AND_HYPHEN_PATTERN,
  NAME_PATTERN,
  NAME_WITH_DOTS_PATTERN,
  PLACE_NAME_PATTERN,
  SOCIAL_PROFILE_URL_PATTERN,
  TEXT_PATTERN,
  TEXT_WITH_DIGITS_PATTERN,
  TITLE_PATTERN,
  TYPED_TEXT_PATTERN,
} from './lib/patterns';
export {
  formatPhone,
  isPhoneCountryCode,
  isValidPhone,
  nationalDigitsOf,
  parseE164,
  parsePhone,
  PHONE_COUNTRY_CODES,
  PHONE_FORMATS,
  toE164,
  type ParsedPhone,
  type PhoneCountryCode,
  type PhoneFormat,
} from './lib/phone';
export {
  ACCOUNT_NAME_RULES,
  accountMiddleNameSchema,
  accountNameSchema,
  birthDateRules,
  FULL_NAME_RULES,
  fullNameSchema,
  middleNameSchema,
  optionalPlaceNameSchema,
  PERSON_NAME_RULES,
  personNameSchema,
  PLACE_NAME_RULES,
  placeNameSchema,
  wellFormedDate,
} from './lib/person-fields';
export { phoneValueE164, phoneValueError, type PhoneValue, type PhoneValueRules } from './lib/phone-value';
export { phoneValueSchema, type PhoneValueSchemaOptions } from './lib/phone-value-schema';
export { pluralRu, type RussianWordForms } from './lib/plural';
export {
  DATE_MASK_PATTERN,
  formatRuDate,
  isoDateToRu,
  isRuDateString,
  parseIsoDate,
  parseRuDate,
  parseRuDay,
  readDate,
  ruDateToIso,
  toIsoDate,
  type DateInput,
  type DateReading,
} from './lib/ru-date';
export {
  getRule,
  isEmptyValue,
  isRuleName,
  UnknownRuleError,
  validate,
  validateAll,
  validationRules,
  type DateLimitParams,
  type FileLike,
  type ParameterlessRuleName,
  type Rule,
  type RuleArgs,
  type RuleCatalogue,
  type RuleContext,
  type RuleName,
  type RuleParams,
  type RuleSpec,
} from './lib/rules';
export { zodRules } from './lib/zod-rules';
export { completeInn, completeOgrn, isValidInn, isValidOgrn, isValidOgrnip } from './lib/russian-tax-ids';
export {
  bankAccountSchema,
  bankDetailsErrors,
  bankDetailsMessages,
  bicSchema,
  completeCorrespondentAccount,
  completeSettlementAccount,
  correspondentAccountSchema,
  isValidBic,
  isValidCorrespondentAccount,
  isValidSettlementAccount,
  type BankDetailsErrors,
  type BankDetailsInput,
} from './lib/bank-details';
