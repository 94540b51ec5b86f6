// The one scrubber of secrets: by where a secret sits (a URL's parts, a header, a body field, a pair in a text), by
// its known prefix, and by its exact value when the caller knows it. Every surface that shows or stores an exchange
// (history, Copy as curl, errors, the output channel, the response view, exchange records) goes through it.
export { isSecretField, isSecretHeader, isSecretName, isSecretParam, REDACTED, type ScrubOptions } from './names';
export { scrubText, textScrubber } from './text';
export { scrubUrl } from './url';
export { scrubBody, scrubForm, scrubHeaders, scrubValue } from './values';
