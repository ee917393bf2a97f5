// html-validate's rules for every page the site sends: the prerendered files in web/dist
// (`npm run validate-html -w web`) and each page as the browser holds it after the app ran
// (e2e/support/html-validity.ts). The presets check what the HTML standard and WAI-ARIA
// require, not how the markup is formatted: React writes `<meta />` and `autoComplete`,
// which browsers read the same. https://html-validate.org/rules/presets.html
export default {
  root: true,
  extends: ['html-validate:standard', 'html-validate:a11y', 'html-validate:document'],
  rules: {
    // A name on a list or a group is what ARIA allows on any element with a namable role.
    'aria-label-misuse': ['error', { allowAnyNamable: true }],
    // Subresource integrity guards files from another origin; every script and style here is
    // the site's own, hashed in its name and limited by the Content-Security-Policy.
    'require-sri': 'off',
  },
};
