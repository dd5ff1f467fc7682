/**
 * Field components shared by every screen that shows or edits record values (records grid and
 * detail, compare, record query, later forms and views): FieldValue, FieldInput, fieldRules,
 * FilterBuilder, the FieldContext, and their pure helpers.
 */
export { default as FieldValue, formatBytes } from './FieldValue';
export { default as FieldInput } from './FieldInput';
export { default as FilterBuilder } from './FilterBuilder';
export { FieldContextProvider, useFieldContext, type FieldContextValue } from './FieldContext';
export { fieldRules, isWritable, type Translate } from './rules';
export * from './filter';
export * from './format';
export { AttachmentUpload, RecordPicker, UserPicker, useAppSubjects } from './pickers';
