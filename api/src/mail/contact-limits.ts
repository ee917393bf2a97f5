// The contact form's contract between browser and API, in one file both build from: the web
// reads it through the `@contract/contact-limits` alias (web/tsconfig.json, web/vite.config.ts),
// so the form's cut and counter can never disagree with what the API accepts.

/** Characters a contact message may have (docs/product.md#contact-form). */
export const MESSAGE_MAX_LENGTH = 750;
