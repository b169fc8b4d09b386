/** Renderers shared by tables, grids and detail pages: one look for a state, a type, a tag, a copy. */
export { StateIcon, stateLabelIn, useStateLabel } from './state-icon';
export { TypeBadge, isEuFunded, typeLabelIn, useTypeLabel } from './type-badge';
export { ResourceTags, useResourceTypeText } from './resource-tags';
export { CopyButton, type CopyWhat } from './copy-button';
export { ConfirmButton } from './confirm-button';
export { KeyFingerprint } from './key-fingerprint';
