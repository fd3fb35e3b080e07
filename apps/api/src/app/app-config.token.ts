/** The parsed `AppConfig`, provided by `AppModule.forRoot`. */
export const APP_CONFIG = Symbol('APP_CONFIG');
